import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';

// What the server reads from the hand-written OpenAPI documents. Everything about an operation (its cache header,
// rate-limit bucket, alias target, body limit) comes from here, so it is written once, in spec/.

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

export interface ParameterSpec {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  schema: Record<string, unknown>;
  description: string;
  deprecated: boolean;
  onInvalid: 'not_found' | undefined;
}

export interface OperationSpec {
  operationId: string;
  method: HttpMethod;
  path: string;
  cacheControl: string | undefined;
  rateLimit: string | undefined;
  aliasOf: string | undefined;
  handledBy: string | undefined;
  maxBodyBytes: number | undefined;
  /** The error code answered when the request body breaks its schema's if/then rule (`x-on-condition-failed`). */
  conditionErrorCode: string | undefined;
  parameters: ParameterSpec[];
  hasBody: boolean;
  raw: Record<string, unknown>;
}

export interface SpecDocument {
  file: string;
  document: Record<string, unknown>;
  operations: OperationSpec[];
}

const methods: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

export const specDir = fileURLToPath(new URL('../spec/', import.meta.url));

type Json = Record<string, unknown>;

function resolveRef(document: Json, value: unknown): Json {
  const node = value as Json;
  const ref = node?.$ref;
  if (typeof ref !== 'string') return node;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (at as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  if (target === undefined) throw new Error(`spec: unresolved $ref ${ref}`);
  return resolveRef(document, target);
}

function readParameters(document: Json, pathItem: Json, operation: Json): ParameterSpec[] {
  const declared = [...((pathItem.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])];
  return declared.map((entry) => {
    const parameter = resolveRef(document, entry);
    return {
      name: String(parameter.name),
      in: parameter.in as ParameterSpec['in'],
      required: parameter.required === true,
      schema: resolveRef(document, parameter.schema ?? {}),
      description: typeof parameter.description === 'string' ? parameter.description : '',
      deprecated: parameter.deprecated === true,
      onInvalid: parameter['x-on-invalid'] === 'not_found' ? 'not_found' : undefined,
    };
  });
}

function readOperation(document: Json, path: string, method: HttpMethod, pathItem: Json): OperationSpec {
  const operation = pathItem[method] as Json;
  const body = operation.requestBody === undefined ? undefined : resolveRef(document, operation.requestBody);
  const maxBodyBytes = body?.['x-max-body-bytes'];
  return {
    operationId: String(operation.operationId),
    method,
    path,
    cacheControl: operation['x-cache-control'] as string | undefined,
    rateLimit: operation['x-rate-limit'] as string | undefined,
    aliasOf: operation['x-alias-of'] as string | undefined,
    handledBy: operation['x-handled-by'] as string | undefined,
    maxBodyBytes: typeof maxBodyBytes === 'number' ? maxBodyBytes : undefined,
    conditionErrorCode: body?.['x-on-condition-failed'] as string | undefined,
    parameters: readParameters(document, pathItem, operation),
    hasBody: body !== undefined,
    raw: operation,
  };
}

export function loadSpec(fileName: string): SpecDocument {
  const file = new URL(fileName, `file://${specDir}`).pathname;
  const document = load(readFileSync(file, 'utf8')) as Json;
  const paths = (document.paths ?? {}) as Record<string, Json>;
  const operations = Object.entries(paths).flatMap(([path, pathItem]) =>
    methods
      .filter((method) => pathItem[method] !== undefined)
      .map((method) => readOperation(document, path, method, pathItem)),
  );
  return { file, document, operations };
}

/** The hand-written OpenAPI documents under spec/, by face (service: /healthz, /readyz, /docs; map: / and /map). */
export const specFiles = {
  placeLookup: 'place-lookup.openapi.yaml',
  scenerySearch: 'scenery-search.openapi.yaml',
  service: 'service.openapi.yaml',
  map: 'map.openapi.yaml',
} as const;

const parsedOnce = new Map<string, SpecDocument>();

/**
 * The document parsed once per process, for code that reads a documented value (a limit, a pattern) at module load
 * instead of copying it. Shared by every reader: never change it.
 */
export function readSpec(fileName: string): SpecDocument {
  let spec = parsedOnce.get(fileName);
  if (!spec) {
    spec = loadSpec(fileName);
    parsedOnce.set(fileName, spec);
  }
  return spec;
}

/** A named schema of a document's components (`#/components/schemas/<name>`), `$ref`s left as written. */
export function specSchema(spec: SpecDocument, name: string): Json {
  const schemas = (spec.document.components as Json | undefined)?.schemas as Record<string, Json> | undefined;
  const schema = schemas?.[name];
  if (!schema) throw new Error(`spec: no schema ${name} in ${spec.file}`);
  return schema;
}

/** A parameter of an operation, its schema resolved. */
export function specParameter(spec: SpecDocument, operationId: string, name: string): ParameterSpec {
  const operation = spec.operations.find((candidate) => candidate.operationId === operationId);
  const parameter = operation?.parameters.find((candidate) => candidate.name === name);
  if (!parameter) throw new Error(`spec: ${operationId} has no parameter ${name} in ${spec.file}`);
  return parameter;
}

/** A parameter's default as the spec declares it: the one place a default is written. Throws when there is none. */
export function parameterDefault(spec: SpecDocument, operationId: string, name: string): unknown {
  const parameter = specParameter(spec, operationId, name);
  if (parameter.schema.default === undefined)
    throw new Error(`${spec.file}: ${operationId} has no parameter ${name} with a default`);
  return parameter.schema.default;
}

// A body schema's if/then rule (the one `x-on-condition-failed` names) is checked apart from its fields wherever a
// body is validated: the specs order a field's invalid_parameter before the rule's code.
const conditionKeywords = new Set(['if', 'then', 'else']);

/** A body schema cut into its fields (everything but if/then/else) and its rule (only those). */
export function splitCondition(schema: Record<string, unknown>): {
  fields: Record<string, unknown>;
  rule: Record<string, unknown>;
} {
  const entries = Object.entries(schema);
  return {
    fields: Object.fromEntries(entries.filter(([key]) => !conditionKeywords.has(key))),
    rule: Object.fromEntries(entries.filter(([key]) => conditionKeywords.has(key))),
  };
}
