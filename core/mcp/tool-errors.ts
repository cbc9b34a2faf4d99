import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { HandlerContext } from '../context.ts';
import { ApiError, toApiError } from '../errors.ts';
import { describeValidValues } from './arguments.ts';
import type { JsonSchema } from './schemas.ts';

// A failed tool call is a result with `isError: true`, a text that tells the agent how to recover and no
// structuredContent (clients reject structuredContent that does not match the outputSchema, and an error never does).

export interface ErrorAdvice {
  inputSchema: JsonSchema;
  // What to do when the REST route would have answered 404, e.g. where valid ids come from.
  onNotFound: string;
}

export function errorResult(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

function validValuesOf(advice: ErrorAdvice, field: string | undefined): string {
  if (!field) return '';
  const schema = (advice.inputSchema.properties as Record<string, JsonSchema> | undefined)?.[field];
  const valid = describeValidValues(schema);
  return valid ? ` Valid ${field}: ${valid}.` : '';
}

function invalidText(error: ApiError, advice: ErrorAdvice): string {
  const message = `Invalid arguments: ${error.message}${error.message.endsWith('.') ? '' : '.'}`;
  // Argument errors from core/mcp name the valid values and carry their recovery; handler errors (year_to below
  // year_from, an unknown generation ...) get the valid values of their field added here.
  if (error.recovery) return `${message} ${error.recovery}`;
  const generation = error.field === 'generation' ? ' get_metadata lists the generation ids of this release.' : '';
  return `${message}${validValuesOf(advice, error.field)}${generation} Fix the arguments and call again.`;
}

export function toolErrorResult(thrown: unknown, advice: ErrorAdvice, ctx: HandlerContext): CallToolResult {
  const error = toApiError(thrown);
  switch (error.code) {
    case 'invalid_parameter':
    case 'unknown_field':
      return errorResult(invalidText(error, advice));
    case 'not_found':
      return errorResult(`Not found: ${error.message}. ${advice.onNotFound}`);
    case 'store_unavailable':
      return errorResult(
        `The data store is temporarily unavailable (request_id ${ctx.requestId}). Retry this call in ` +
          `${error.retryAfterS ?? 2} s, or continue with other tools.`,
      );
    default:
      if (!(thrown instanceof ApiError) || error.code === 'internal') {
        ctx.log.error({ err: thrown }, 'MCP tool call failed');
      }
      return errorResult(
        `The server could not complete this call (request_id ${ctx.requestId}); it has been logged. ` +
          'Retry later, or continue with other tools.',
      );
  }
}
