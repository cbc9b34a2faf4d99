import type { OperationSpec, SpecDocument } from '../spec.ts';

// The JSON Schemas of a tool, derived from the spec at start. Tool schemas travel on their own (tools/list), so every
// $ref is inlined: a client compiles them without the OpenAPI document. Clients compile them with whatever dialect
// they have (the official SDK's ajv is draft-07), so the output keeps to keywords both dialects read alike.

type Json = Record<string, unknown>;

export type JsonSchema = Json;

function lookup(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`spec: only local $refs are supported, got ${ref}`);
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, key) => (at as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  if (target === undefined) throw new Error(`spec: unresolved $ref ${ref}`);
  return target;
}

// Inlines every $ref (siblings of a $ref, such as a local description, win over the target's). `drop` names keywords
// left out of the copy, e.g. `examples`, which only make tools/list longer.
export function dereference(document: Json, node: unknown, drop: readonly string[] = [], seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => dereference(document, item, drop, seen));
  if (typeof node !== 'object' || node === null) return node;
  const { $ref, ...siblings } = node as Json;
  if (typeof $ref === 'string') {
    if (seen.includes($ref)) throw new Error(`spec: recursive schema ${$ref} cannot be inlined`);
    const target = dereference(document, lookup(document, $ref), drop, [...seen, $ref]) as Json;
    return { ...target, ...(dereference(document, siblings, drop, seen) as Json) };
  }
  const copy: Json = {};
  for (const [key, value] of Object.entries(siblings)) {
    if (drop.includes(key) || key.startsWith('x-')) continue;
    copy[key] = dereference(document, value, drop, seen);
  }
  return copy;
}

function isPlainObjectSchema(schema: Json): boolean {
  const keys = Object.keys(schema).filter((key) => !['type', 'description', 'required', 'properties'].includes(key));
  return keys.length === 0 && (schema.type === undefined || schema.type === 'object');
}

// `allOf: [Envelope, Body]` becomes one object schema with the union of properties and required names, so the
// output schema reads like the response an agent gets (and has the top-level `type: object` MCP asks for). Members
// that are not plain object schemas stay in an `allOf` next to the merged part.
export function mergeAllOf(schema: Json): Json {
  if (!Array.isArray(schema.allOf)) return schema;
  const members = (schema.allOf as Json[]).map(mergeAllOf);
  const merged: Json = { type: 'object', properties: {}, required: [] as string[] };
  const rest: Json[] = [];
  const descriptions: string[] = [];
  for (const member of members) {
    if (!isPlainObjectSchema(member)) {
      rest.push(member);
      continue;
    }
    if (typeof member.description === 'string') descriptions.push(member.description);
    const properties = merged.properties as Json;
    for (const [name, property] of Object.entries((member.properties ?? {}) as Json)) {
      properties[name] = name in properties ? { allOf: [properties[name], property] } : property;
    }
    for (const name of (member.required ?? []) as string[]) {
      if (!(merged.required as string[]).includes(name)) (merged.required as string[]).push(name);
    }
  }
  const { allOf: _members, ...own } = schema;
  const description = typeof own.description === 'string' ? own.description : descriptions.reverse().join(' ');
  return { ...own, ...merged, ...(description ? { description } : {}), ...(rest.length ? { allOf: rest } : {}) };
}

// `lat`/`lon` are decimal text in query strings; a tool takes them as JSON numbers with the ranges of the spec's
// Latitude and Longitude schemas.
const coordinateSchemas: Record<string, string> = { lat: 'Latitude', lon: 'Longitude' };

// A parameter's description as a tool argument's: sentences about the REST route's answers (`… is 400 (field is
// x)`) and its legacy parameters are left out; a tool answers a bad argument with its own error text.
export function argumentDescription(text: string): string {
  const sentences = text.match(/[^.]+(?:\.(?=\s|$)|$)\s*/g) ?? [text];
  return sentences
    .filter((sentence) => !/\b400\b|\blegacy\b/.test(sentence))
    .join('')
    .trim();
}

function argumentSchema(document: Json, parameter: OperationSpec['parameters'][number]): JsonSchema {
  const coordinate = coordinateSchemas[parameter.name];
  if (coordinate && parameter.in === 'query') {
    const schema = dereference(document, { $ref: `#/components/schemas/${coordinate}` }, ['examples']) as Json;
    const range = coordinate === 'Latitude' ? '-90..90' : '-180..180';
    return { ...schema, description: `${String(schema.description ?? '')} A JSON number, ${range}.`.trim() };
  }
  // An example stays where a pattern alone would not show the form (arguments.ts names it in the error text).
  const inlined = dereference(document, parameter.schema) as Json;
  const { examples, ...rest } = inlined;
  const schema = typeof inlined.pattern === 'string' ? inlined : rest;
  const description = parameter.description ?? schema.description;
  return typeof description === 'string' ? { ...schema, description: argumentDescription(description) } : schema;
}

// The operation's parameters as one closed object: path parameters required, deprecated (legacy) parameters left
// out, ranges, defaults, enums, patterns and descriptions kept. Closed, so a misspelt argument is an error the agent
// sees rather than a silently ignored value.
export function deriveInputSchema(spec: SpecDocument, operation: OperationSpec): JsonSchema {
  const properties: Json = {};
  const required: string[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.deprecated || (parameter.in !== 'query' && parameter.in !== 'path')) continue;
    properties[parameter.name] = argumentSchema(spec.document, parameter);
    if (parameter.required || parameter.in === 'path') required.push(parameter.name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

// The operation's 200 response schema, inlined and with `allOf` merged into one object.
export function deriveOutputSchema(spec: SpecDocument, operation: OperationSpec): JsonSchema {
  const responses = operation.raw.responses as Json | undefined;
  const ok = dereference(spec.document, responses?.['200'], ['examples']) as Json | undefined;
  const schema = ((ok?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
  if (!schema) throw new Error(`${operation.operationId}: no application/json schema for its 200 response`);
  return mergeAllOf(schema as Json);
}

// A schema of `components/schemas`, inlined (the composite tools' own schemas).
export function deriveComponentSchema(spec: SpecDocument, ref: string, drop: readonly string[] = []): JsonSchema {
  return mergeAllOf(dereference(spec.document, { $ref: ref }, drop) as Json);
}
