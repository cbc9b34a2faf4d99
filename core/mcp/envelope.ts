// The JSON-RPC envelope of POST /mcp as the document fixes it. The SDK's streamable-HTTP transport cannot express
// these rules (it accepts batches of any size, negotiates other versions and answers 406 without an SSE Accept), so
// the envelope is handled here and only the method semantics follow the MCP types.

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
    value = JSON.parse(new TextDecoder().decode(raw));
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

// A notification is a well-formed message without an `id` member; anything without a method (such as `{}`) is an
// invalid request that gets an error, not silence.
export function isNotification(entry: unknown): boolean {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry) || 'id' in entry) return false;
  return typeof (entry as { method?: unknown }).method === 'string';
}

export function isMessage(entry: unknown): entry is JsonRpcMessage {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return false;
  const message = entry as Record<string, unknown>;
  const id = message.id;
  const idOk =
    id === undefined || id === null || typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));
  const paramsOk = message.params === undefined || (typeof message.params === 'object' && message.params !== null);
  return message.jsonrpc === '2.0' && typeof message.method === 'string' && idOk && paramsOk;
}

export function errorReply(id: JsonRpcId, code: number, message: string): unknown {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

export function resultReply(id: JsonRpcId, result: unknown): unknown {
  return { jsonrpc: '2.0', id, result };
}

// Each tools/call in a request costs one unit of the MCP rate limit; a request without any costs one.
export function countCost(raw: Uint8Array): number {
  const parsed = parseEnvelope(raw);
  if (parsed.kind !== 'ok') return 1;
  const calls = parsed.entries.filter((entry) => isMessage(entry) && entry.method === 'tools/call').length;
  return Math.max(1, calls);
}
