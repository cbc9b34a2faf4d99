import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadSpec, type OperationSpec, type SpecDocument, specFiles } from '../../core/spec.ts';

// Checks a live response against the spec: the status is documented for the operation, the body validates against
// that status's schema, every documented header is present and valid, and JSON is served as JSON. Responses that
// match no operation (unknown paths, 405 on undocumented methods) are checked against the face's error schema.

type Json = Record<string, unknown>;

interface Face {
  key: string;
  spec: SpecDocument;
}

const faces: Face[] = [
  { key: 'https://machimi.invalid/place-lookup', spec: loadSpec(specFiles.placeLookup) },
  { key: 'https://machimi.invalid/scenery-search', spec: loadSpec(specFiles.scenerySearch) },
  { key: 'https://machimi.invalid/service', spec: loadSpec(specFiles.service) },
  { key: 'https://machimi.invalid/map', spec: loadSpec(specFiles.map) },
];

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats.default(ajv);
for (const face of faces) ajv.addSchema(face.spec.document, face.key);
const compiled = new Map<string, ValidateFunction>();

function pointer(...segments: string[]): string {
  return segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

function validatorAt(face: Face, path: string): ValidateFunction {
  const ref = `${face.key}#/${path}`;
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  return validate;
}

// The pointer of the node a pointer leads to, following a $ref that sits exactly there (ajv follows $refs inside
// schemas, but not an OpenAPI response object that is itself a $ref).
function followRef(face: Face, path: string): string {
  const node = path
    .split('/')
    .reduce<unknown>(
      (at, key) => (at as Json)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      face.spec.document,
    ) as Json;
  return typeof node?.$ref === 'string' ? followRef(face, (node.$ref as string).replace(/^#\//, '')) : path;
}

function resolve(face: Face, node: unknown): Json {
  let current = node as Json;
  while (current && typeof current.$ref === 'string') {
    const parts = (current.$ref as string).replace(/^#\//, '').split('/');
    current = parts.reduce<unknown>(
      (at, key) => (at as Json)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      face.spec.document,
    ) as Json;
  }
  return current;
}

const pattern = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`);

function faceOf(pathname: string): Face {
  if (pathname.startsWith('/explore/api')) return faces[1] as Face;
  if (pathname === '/' || pathname === '/map' || pathname.startsWith('/map/')) return faces[3] as Face;
  const service = faces[2] as Face;
  const trimmed = pathname.replace(/(.)\/+$/, '$1');
  const isService = service.spec.operations.some((operation) => pattern(operation.path).test(trimmed));
  return (isService ? service : faces[0]) as Face;
}

function matchOperation(face: Face, method: string, pathname: string): OperationSpec | undefined {
  const candidates = face.spec.operations.filter((op) => op.method === method.toLowerCase());
  return candidates.find((op) => op.path === pathname) ?? candidates.find((op) => pattern(op.path).test(pathname));
}

function errorSchemaPath(face: Face): string {
  const schemas = (face.spec.document.components as Json).schemas as Json;
  const name = ['Error', 'ErrorResponse', 'ErrorBody', 'ExploreError'].find((candidate) => candidate in schemas);
  if (!name) throw new Error(`${face.spec.file}: no error schema in components.schemas`);
  return pointer('components', 'schemas', name);
}

export interface CheckInput {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  body: unknown;
}

export function checkResponse({ method, url, status, headers, body }: CheckInput): string[] {
  const { pathname } = new URL(url);
  const face = faceOf(pathname);
  const lookup = method === 'HEAD' ? 'GET' : method;
  const operation = matchOperation(face, lookup, pathname);
  const problems: string[] = [];
  const isJson = (headers.get('content-type') ?? '').startsWith('application/json');
  if (!operation) {
    if (body !== null && !isJson) problems.push(`content-type is ${headers.get('content-type')}, expected JSON`);
    if (status < 400) return [`${method} ${pathname} answered ${status} but matches no operation`];
    if (method === 'HEAD') return problems;
    const validate = validatorAt(face, errorSchemaPath(face));
    if (!validate(body)) problems.push(`error body: ${ajv.errorsText(validate.errors)}`);
    return problems;
  }
  const responses = operation.raw.responses as Json;
  const key =
    String(status) in responses
      ? String(status)
      : `${String(status)[0]}XX` in responses
        ? `${String(status)[0]}XX`
        : 'default';
  const response = responses[key] === undefined ? undefined : resolve(face, responses[key]);
  if (!response) return [`${operation.operationId}: status ${status} is not documented`];
  const content = response.content as Json | undefined;
  const base = followRef(face, pointer('paths', operation.path, operation.method, 'responses', key));
  // A body is JSON unless the response documents another media type (the served YAML document).
  const mediaType = (headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  const documentedType = content?.[mediaType] !== undefined ? mediaType : 'application/json';
  if (body !== null && mediaType !== documentedType)
    problems.push(`content-type is ${headers.get('content-type')}, expected ${documentedType}`);
  if (content?.[documentedType] && method !== 'HEAD') {
    const validate = validatorAt(face, `${base}/content/${pointer(documentedType)}/schema`);
    if (!validate(body)) problems.push(`${operation.operationId} ${status} body: ${ajv.errorsText(validate.errors)}`);
  } else if (body !== null && method !== 'HEAD') {
    problems.push(`${operation.operationId} ${status}: the spec documents no body but one was sent`);
  }
  for (const [name, header] of Object.entries((response.headers ?? {}) as Json)) {
    const declared = resolve(face, header);
    const value = headers.get(name);
    if (value === null) {
      if (declared.required === true) problems.push(`${operation.operationId} ${status}: header ${name} missing`);
      continue;
    }
    const schema = resolve(face, declared.schema ?? {});
    const typed = schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;
    const validate = ajv.compile(schema);
    if (!validate(typed))
      problems.push(`${operation.operationId} ${status}: header ${name}=${value} ${ajv.errorsText(validate.errors)}`);
  }
  return problems;
}

// A fetch that fails the test when a response breaks the spec. Use it directly and as the generated SDK's fetch.
export async function checkedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const response = await fetch(request);
  const text = await response.clone().text();
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const problems = checkResponse({
    method: request.method,
    url: request.url,
    status: response.status,
    headers: response.headers,
    body,
  });
  if (problems.length > 0)
    throw new Error(`response breaks the spec (${request.method} ${request.url}):\n  ${problems.join('\n  ')}`);
  return response;
}
