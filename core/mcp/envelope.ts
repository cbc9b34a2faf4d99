// The JSON-RPC envelope of POST /mcp as the document fixes it. The SDK's streamable-HTTP transport cannot express
// these rules (it accepts batches of any size, negotiates other versions and answers 406 without an SSE Accept), so
// the envelope is handled here and only the method semantics follow the MCP types.
import { numericIdText, parseKeepingIdTexts, type RawJson } from './message-ids.ts';

export const maxBatch = 20;

export type JsonRpcId = string | number | null;

export interface JsonRpcMessage {
  jsonrpc: '2.0';
  id?: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

export type Parsed =
  | { kind: 'parse_error' }
  | { kind: 'invalid_batch'; message: string }
  | { kind: 'ok'; batch: boolean; entries: unknown[] };

export function parseEnvelope(raw: Uint8Array): Parsed {
  let value: unknown;
  try {
    value = parseKeepingIdTexts(new TextDecoder().decode(raw));
  } catch {
    return { kind: 'parse_error' };
  }
  if (!Array.isArray(value)) return { kind: 'ok', batch: false, entries: [value] };
  if (value.length === 0) return { kind: 'invalid_batch', message: 'Invalid Request: empty batch' };
  if (value.length > maxBatch) {
    return { kind: 'invalid_batch', message: `Invalid Request: a batch holds at most ${maxBatch} messages` };
  }
  return { kind: 'ok', batch: true, entries: value };
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (id: unknown): id is JsonRpcId =>
  id === null || typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));

// A request, or a notification when the `id` member is absent: jsonrpc "2.0", a non-empty method name, params an
// object when present. Other members are ignored.
export function isMessage(entry: unknown): entry is JsonRpcMessage {
  if (!isObject(entry)) return false;
  const idOk = !('id' in entry) || isId(entry.id);
  const paramsOk = entry.params === undefined || isObject(entry.params);
  return entry.jsonrpc === '2.0' && typeof entry.method === 'string' && entry.method !== '' && idOk && paramsOk;
}

// Only a well-formed message without an `id` member is a notification; a malformed one (wrong jsonrpc, no method,
// `{}`) is an invalid request that gets an error, not silence.
export function isNotification(entry: unknown): boolean {
  return isMessage(entry) && !('id' in entry);
}

// A JSON-RPC response posted by the client (the MCP transport lets a client answer server requests this way; this
// server sends none, so there is nothing to match it to): no method, an id, and either a result object or an error
// {code: integer, message: string}. Only an error may carry id null, as JSON-RPC has it.
export function isClientResponse(entry: unknown): boolean {
  if (!isObject(entry) || 'method' in entry || entry.jsonrpc !== '2.0' || !isId(entry.id)) return false;
  if ('result' in entry) return !('error' in entry) && isObject(entry.result) && entry.id !== null;
  const error = entry.error;
  return isObject(error) && Number.isInteger(error.code) && typeof error.message === 'string';
}

/** The id a reply to `entry` carries: its own when usable (numbers in the client's text), else null. */
export function replyId(entry: unknown): JsonRpcId | RawJson {
  if (!isObject(entry) || !isId(entry.id)) return null;
  return typeof entry.id === 'number' ? (numericIdText(entry) ?? entry.id) : entry.id;
}

export function errorReply(id: JsonRpcId | RawJson, code: number, message: string): unknown {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

export function resultReply(id: JsonRpcId | RawJson, result: unknown): unknown {
  return { jsonrpc: '2.0', id, result };
}

// Each tools/call in a request costs one unit of the MCP rate limit; a request without any costs one.
export function countCost(raw: Uint8Array): number {
  const parsed = parseEnvelope(raw);
  if (parsed.kind !== 'ok') return 1;
  const calls = parsed.entries.filter((entry) => isMessage(entry) && entry.method === 'tools/call').length;
  return Math.max(1, calls);
}
