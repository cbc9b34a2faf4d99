import type { HandlerContext } from '../context.ts';
import { ApiError, toApiError } from '../errors.ts';
import { maxJsonDepth, nestsDeeperThan } from '../json/nesting-depth.ts';
import { rateLimited, requestSeconds, requests } from '../ops/metrics.ts';
import { isJsonContentType, readBody } from './body.ts';
import type { AppDeps, FaceRuntime } from './context.ts';
import type { ContractFile } from './contract.ts';
import { applyCors, preflight } from './cors.ts';
import { type Delivery, deliver } from './delivery.ts';
import { negotiateEncoding } from './encoding.ts';
import type { LentBody } from './lent-body.ts';
import { parseQuery } from './query.ts';
import { RequestContext } from './request-context.ts';
import { requestIdOf } from './request-id.ts';
import { emptyResponse, errorResponse, jsonResponse, jsonTextResponse } from './respond.ts';
import type { ResponseHeaders } from './response-headers.ts';
import { normalisePath } from './route-table.ts';
import type { RouteMatch } from './router.ts';
import { deliverStatic, type StaticFile } from './static-file.ts';
import { toValidationError } from './validation-errors.ts';

// One request's way through the server: face, CORS, route, rate limit, body, validation, handler, response.

const writeMethods = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const defaultBodyLimit = 65_536;

export interface RequestInfo {
  request: Request;
  /** The request's URL when the server has it parsed already (h3's event.url); else request.url is parsed. */
  url?: URL;
  clientIp: string;
}

function faceOf(deps: AppDeps, pathname: string): FaceRuntime {
  if (pathname === '/explore/api' || pathname.startsWith('/explore/api/')) return deps.scenerySearch;
  if (pathname === '/' || pathname === '/map' || pathname.startsWith('/map/')) return deps.map;
  // The service spec's few literal paths (/healthz, /readyz, /docs), trailing slashes ignored as the routers do,
  // and the folders of its templated ones (/docs/assets/).
  if (deps.service.paths?.has(normalisePath(pathname))) return deps.service;
  if (deps.service.prefixes?.some((prefix) => pathname.startsWith(prefix))) return deps.service;
  return deps.placeLookup;
}

function routeOrThrow(face: FaceRuntime, method: string, pathname: string): RouteMatch {
  const lookupMethod = method === 'HEAD' ? 'GET' : method;
  const result = face.router.route(lookupMethod, pathname);
  if (result.kind === 'match') return result.match;
  const isV1 = pathname === '/v1' || pathname.startsWith('/v1/');
  if (result.kind === 'method' || (isV1 && writeMethods.has(method))) {
    const allow = result.kind === 'method' ? result.allow.join(', ') : 'GET';
    const why = isV1 ? 'the /v1 API is read-only' : `${pathname} accepts ${allow}`;
    throw new ApiError('method_not_allowed', `${method} is not allowed: ${why} (Allow: ${allow})`, { allow });
  }
  const index =
    face.name === 'scenery-search'
      ? 'GET /explore/api/meta'
      : face.name === 'map'
        ? 'GET /map/openapi.json'
        : 'GET /v1';
  throw new ApiError('not_found', `No endpoint at ${pathname}; ${index} describes the endpoints`);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

async function readJsonBody(face: FaceRuntime, match: RouteMatch, request: Request): Promise<unknown> {
  const limit = match.operation.maxBodyBytes ?? defaultBodyLimit;
  const contentType = request.headers.get('content-type');
  if (face.name === 'scenery-search' && !isJsonContentType(contentType)) {
    throw new ApiError('unsupported_media_type', 'Send the search body with Content-Type: application/json');
  }
  const raw = await readBody(request, limit);
  if (nestsDeeperThan(raw, maxJsonDepth)) {
    const message = `The request body nests deeper than ${maxJsonDepth} levels of arrays and objects; no request does`;
    throw new ApiError('invalid_json', message);
  }
  let text: string;
  try {
    text = strictUtf8.decode(raw);
  } catch {
    throw new ApiError('invalid_json', 'The request body is not UTF-8; send JSON encoded as UTF-8');
  }
  if (text.trim() === '') throw new ApiError('invalid_json', 'The request body is empty; send a JSON object');
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid JSON');
  }
}

const noHeaders: Record<string, string> = Object.freeze({}) as Record<string, string>;
const headerParameters = new WeakMap<RouteMatch['operation'], boolean>();
function hasHeaderParameters(operation: RouteMatch['operation']): boolean {
  let has = headerParameters.get(operation);
  if (has === undefined) {
    has = operation.parameters.some((parameter) => parameter.in === 'header');
    headerParameters.set(operation, has);
  }
  return has;
}

// A reply is a body to print as JSON (null: no body), or, for place-lookup successes, the JSON text already printed.
interface Outcome {
  operationId: string;
  cacheControl: string | undefined;
  reply:
    | { status: number; body: unknown }
    | { status: number; text: string | LentBody }
    | { file: ContractFile }
    | { static: StaticFile };
}

// What routing found, kept for the metrics of requests that end in an error.
interface Routed {
  operationId?: string;
  bucket?: string;
}

async function runOperation(
  deps: AppDeps,
  face: FaceRuntime,
  info: RequestInfo,
  url: URL,
  ctx: HandlerContext,
  routed: Routed,
): Promise<Outcome> {
  const { request, clientIp } = info;
  const match = routeOrThrow(face, request.method, url.pathname);
  const { operation } = match;
  routed.operationId = operation.operationId;
  routed.bucket = operation.rateLimit ?? (operation.handledBy === 'mcp' ? 'mcp' : 'rest');
  if (operation.handledBy === 'mcp') {
    const raw = await readBody(request, operation.maxBodyBytes ?? defaultBodyLimit);
    await deps.rateLimits.consume(operation.rateLimit ?? 'mcp', clientIp, deps.mcp.cost(raw));
    return {
      operationId: operation.operationId,
      cacheControl: operation.cacheControl,
      reply: await deps.mcp.endpoint(raw, ctx, request.headers.get('mcp-protocol-version')),
    };
  }
  // Probes (`x-rate-limit: none`) must keep answering whatever a client behind the same address does.
  if (operation.rateLimit !== 'none') await deps.rateLimits.consume(operation.rateLimit ?? 'rest', clientIp);
  if (operation.handledBy === 'contract') {
    const format = operation.path.endsWith('.yaml') ? 'yaml' : 'json';
    const file = face.contract?.file(format, deps.origin);
    if (!file) throw new Error(`${operation.operationId}: the ${face.name} face serves no document`);
    return { operationId: operation.operationId, cacheControl: operation.cacheControl, reply: { file } };
  }
  if (operation.handledBy === 'docs' || operation.handledBy === 'site') {
    if (!face.site) throw new Error(`${operation.operationId}: the ${face.name} face serves no page`);
    // The page's path has no parameter; a file's path has one, its name.
    const [name] = Object.values(match.pathParams);
    const file = name === undefined ? face.site.page : face.site.asset(name);
    return { operationId: operation.operationId, cacheControl: operation.cacheControl, reply: { static: file } };
  }
  const query = parseQuery(url.searchParams, operation.parameters);
  for (const name of query.unknown) ctx.warnings.push(`unknown parameter ${name} was ignored`);
  const body = operation.hasBody ? await readJsonBody(face, match, request) : undefined;
  // Validation fills defaults into the body itself; remember first which fields the client sent.
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    ctx.given = new Set([...ctx.given, ...Object.keys(body)]);
  }
  // Header parameters are validated like the others; no operation of the specs has one today, and copying every
  // request header per request cost more than the validation itself.
  const headers = operation.hasBody || hasHeaderParameters(operation) ? Object.fromEntries(request.headers) : noHeaders;
  const validated = face.router.validate(match, query.values, body, headers);
  if (validated.errors.length > 0) throw toValidationError(operation, validated.errors);
  const target = operation.aliasOf ?? operation.operationId;
  const handler = face.handlers[target];
  if (!handler) throw new Error(`no handler registered for ${target}`);
  const result = await handler({ query: validated.query, path: validated.path, body }, ctx);
  const reply = face.printOk
    ? { status: 200, text: face.printOk(result as Record<string, unknown>, ctx) }
    : face.repliesWithStatus
      ? (result as { status: number; body: unknown })
      : { status: 200, body: result };
  return { operationId: operation.operationId, cacheControl: operation.cacheControl, reply };
}

// A served document is shared by every request: nothing to give back.
function keepFile(): void {}

export async function handleRequest(deps: AppDeps, info: RequestInfo): Promise<Response> {
  const started = performance.now();
  const { request } = info;
  const requestId = requestIdOf(request);
  const url = info.url ?? new URL(request.url);
  const face = faceOf(deps, url.pathname);
  const headers: ResponseHeaders = { 'x-request-id': requestId };
  const ctx = new RequestContext(deps, requestId, url);
  const delivery: Delivery = {
    request,
    requestId,
    encoding: negotiateEncoding(request.headers.get('accept-encoding')),
    head: request.method === 'HEAD',
    cacheable: false,
  };
  let response: Response;
  let operationId: string | undefined;
  const routed: Routed = {};
  try {
    applyCors(face.name, request, deps.config, headers);
    if (request.method === 'OPTIONS') {
      response = preflight(headers);
    } else {
      const outcome = await runOperation(deps, face, info, url, ctx, routed);
      operationId = outcome.operationId;
      if (outcome.cacheControl) headers['cache-control'] = outcome.cacheControl;
      delivery.cacheable = outcome.cacheControl?.startsWith('public') === true;
      const { reply } = outcome;
      if ('static' in reply) response = await deliverStatic(reply.static, headers, delivery);
      else if ('file' in reply) {
        headers['content-type'] = reply.file.contentType;
        response = deliver(200, 'OK', { body: reply.file.bytes, release: keepFile }, headers, delivery);
      } else if ('text' in reply) response = jsonTextResponse(reply.status, reply.text, headers, delivery);
      else
        response =
          reply.body === null
            ? emptyResponse(reply.status, headers)
            : jsonResponse(reply.status, reply.body, headers, delivery);
    }
  } catch (thrown) {
    const error = toApiError(thrown);
    if (error.code === 'rate_limited') rateLimited.inc({ bucket: routed.bucket ?? 'none' });
    if (error.code === 'internal') ctx.log.error({ err: thrown, path: url.pathname }, 'request failed');
    delivery.cacheable = false;
    response = errorResponse(face.name, error, requestId, headers, delivery);
  }
  const ms = Math.round((performance.now() - started) * 1000) / 1000;
  const operation = routed.operationId ?? 'none';
  requests.inc({ operation, status: response.status });
  requestSeconds.observe({ operation }, ms / 1000);
  const level = face.requestLogLevel ?? 'info';
  if (deps.log.isLevelEnabled(level)) {
    ctx.log[level]({ method: request.method, path: url.pathname, operationId, status: response.status, ms }, 'request');
  }
  return response;
}
