import fastJson from 'fast-json-stringify';
import type { SerialiserMode } from '../config.ts';
import type { HandlerContext } from '../context.ts';
import type { SpecDocument } from '../spec.ts';
import { printEnvelope, printEnvelopeBody, wrapInEnvelope } from './envelope.ts';
import type { LentBody } from './lent-body.ts';

// How a successful place-lookup body becomes JSON text. Three ways, chosen by MACHIMI_SERIALISER (for side-by-side
// benches; the default is the one measured fastest in scripts/bench/serialise.ts):
// - `spliced` (default): the release's constant envelope fragments (the license above all) printed once, the
//   handler's own fields by JSON.stringify (envelope.ts).
// - `json`: JSON.stringify of the whole envelope.
// - `compiled`: the spliced envelope around the handler's fields printed by fast-json-stringify functions compiled at
//   start from each operation's 200 response schema in the spec (its part besides the Envelope). Measured on
//   Node 24 it is not faster than `spliced` (its own README says as much before Node 25), so it is not the default.
//   The functions must mean exactly what JSON.stringify means, so the schemas are first made lossless: every object
//   schema accepts additional properties (fast-json-stringify drops undeclared keys otherwise, and would print
//   free-form objects such as `analysis` as `{}`). A body the compiled code cannot print (a required key missing,
//   no anyOf branch matching) falls back to JSON.stringify.

export type Serialise = (body: unknown) => string;

type Json = Record<string, unknown>;

function isObjectSchema(node: Json): boolean {
  const type = node.type;
  if (type === 'object' || (Array.isArray(type) && type.includes('object'))) return true;
  return type === undefined && node.properties !== undefined;
}

const schemaLists = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const schemaValues = ['additionalProperties', 'items', 'not', 'if', 'then', 'else', 'contains'];
const schemaMaps = ['properties', '$defs'];

function mapValues(map: unknown, change: (value: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries((map ?? {}) as Json).map(([key, value]) => [key, change(value)]));
}

// A copy of a schema in which no object schema can lose a key.
export function makeLossless(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const copy: Json = { ...(schema as Json) };
  for (const key of schemaLists) if (Array.isArray(copy[key])) copy[key] = (copy[key] as unknown[]).map(makeLossless);
  for (const key of schemaValues) if (key in copy) copy[key] = makeLossless(copy[key]);
  for (const key of schemaMaps) if (key in copy) copy[key] = mapValues(copy[key], makeLossless);
  if (isObjectSchema(copy)) {
    copy.additionalProperties = true;
    delete copy.patternProperties;
    delete copy.propertyNames;
  }
  return copy;
}

function resolveRef(document: Json, node: unknown): Json | undefined {
  let current = node as Json | undefined;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 16; hops++) {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    current = path.reduce<unknown>(
      (at, key) => (at as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      document,
    ) as Json | undefined;
  }
  return current;
}

export function okSchemaOf(document: Json, operation: Json): Json | undefined {
  const responses = operation.responses as Json | undefined;
  const ok = resolveRef(document, responses?.['200']);
  const content = ok?.content as Json | undefined;
  return (content?.['application/json'] as Json | undefined)?.schema as Json | undefined;
}

function withFallback(compiled: Serialise): Serialise {
  return (body) => {
    try {
      return compiled(body);
    } catch {
      return JSON.stringify(body);
    }
  };
}

export interface CompiledSerialisers {
  byOperation: Map<string, Serialise>;
  // Operations whose 200 schema the compiler refused, with its message; they use JSON.stringify.
  refused: Map<string, string>;
}

const envelopeRef = '#/components/schemas/Envelope';

// The schema of what a handler returns: the 200 schema without the common envelope (allOf: [Envelope, Body]).
export function restSchemaOf(schema: Json): Json | undefined {
  const parts = schema.allOf as Json[] | undefined;
  if (!Array.isArray(parts) || !parts.some((part) => part.$ref === envelopeRef)) return undefined;
  const others = parts.filter((part) => part.$ref !== envelopeRef);
  return others.length === 1 ? (others[0] as Json) : { allOf: others };
}

// One serialiser per operation (the 200 schema whole, or with `rest` the handler's part of it); operations sharing a
// schema (aliases) share the function. `strict` leaves out the JSON.stringify fallback (tests).
export function compileSerialisers(
  spec: SpecDocument,
  part: 'whole' | 'rest' = 'whole',
  strict = false,
): CompiledSerialisers {
  const document = spec.document;
  const components = { schemas: mapValues((document.components as Json | undefined)?.schemas, makeLossless) };
  const byOperation = new Map<string, Serialise>();
  const refused = new Map<string, string>();
  const bySchema = new Map<Json, Serialise>();
  for (const operation of spec.operations) {
    if (operation.handledBy) continue;
    const ok = okSchemaOf(document, operation.raw);
    const schema = ok && part === 'rest' ? restSchemaOf(ok) : ok;
    if (!schema) continue;
    let serialise = bySchema.get(schema);
    if (!serialise) {
      try {
        const root = { ...(makeLossless(schema) as Json), components };
        const compiled = fastJson(root as never) as Serialise;
        serialise = strict ? compiled : withFallback(compiled);
      } catch (error) {
        refused.set(operation.operationId, error instanceof Error ? error.message : String(error));
        continue;
      }
      bySchema.set(schema, serialise);
    }
    byOperation.set(operation.operationId, serialise);
  }
  return { byOperation, refused };
}

// Prints the 200 body of a place-lookup operation: the handler's result inside the common envelope, as JSON text or
// (spliced) already as UTF-8 in pooled memory.
export type PrintOk = (operationId: string, result: Record<string, unknown>, ctx: HandlerContext) => string | LentBody;

export function createOkPrinter(spec: SpecDocument, mode: SerialiserMode): PrintOk {
  if (mode === 'spliced') return (_operationId, result, ctx) => printEnvelopeBody(result, ctx);
  if (mode === 'json') return (_operationId, result, ctx) => JSON.stringify(wrapInEnvelope(result, ctx));
  const { byOperation } = compileSerialisers(spec, 'rest');
  return (operationId, result, ctx) => printEnvelope(result, ctx, byOperation.get(operationId));
}
