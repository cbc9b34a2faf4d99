import type { Handler, HandlerContext, HandlerInput } from '../context.ts';
import { plainValues } from '../json/printed-list.ts';
import type { OperationSpec, SpecDocument } from '../spec.ts';
import { type ArgumentValidator, compileArguments, toDecimalText } from './arguments.ts';
import { deriveInputSchema, type JsonSchema } from './schemas.ts';

// Runs one place-lookup operation's handler from typed tool arguments: the same function as the REST route, no HTTP
// loopback. Arguments are validated against the derived inputSchema (defaults filled in), then shaped the way the
// REST pipeline hands them over: path and query parts, lat/lon as decimal text, `given` naming what the caller sent.

export interface OperationRunner {
  operationId: string;
  inputSchema: JsonSchema;
  // The handler's body as plain values (a PrintedList field as its items), before the common envelope.
  run: (args: Record<string, unknown>, ctx: HandlerContext) => Promise<Record<string, unknown>>;
}

const textCoordinates = new Set(['lat', 'lon']);

function toHandlerInput(operation: OperationSpec, values: Record<string, unknown>): HandlerInput {
  const query: Record<string, unknown> = {};
  const path: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    const value = values[parameter.name];
    if (value === undefined) continue;
    const shaped = textCoordinates.has(parameter.name) && typeof value === 'number' ? toDecimalText(value) : value;
    if (parameter.in === 'path') path[parameter.name] = shaped;
    else if (parameter.in === 'query') query[parameter.name] = shaped;
  }
  return { query, path, body: undefined };
}

// Each call gets its own warnings and `given`: calls of one batch share the HTTP request's context otherwise. The
// rest is read through the prototype, so lazy fields (a request's child logger) are made once for all calls.
export function callContext(ctx: HandlerContext, args: Record<string, unknown>): HandlerContext {
  const own = (value: unknown): PropertyDescriptor => ({ value, writable: true, enumerable: true, configurable: true });
  return Object.create(ctx, { warnings: own([]), given: own(new Set(Object.keys(args))) }) as HandlerContext;
}

export function createOperationRunner(spec: SpecDocument, operationId: string, handler: Handler): OperationRunner {
  const operation = spec.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`MCP: the spec has no operation ${operationId}`);
  const inputSchema = deriveInputSchema(spec, operation);
  const validate: ArgumentValidator = compileArguments(inputSchema);
  return {
    operationId,
    inputSchema,
    run: async (args, ctx) => {
      const values = validate(args);
      const body = await handler(toHandlerInput(operation, values), ctx);
      return plainValues((body ?? {}) as Record<string, unknown>);
    },
  };
}
