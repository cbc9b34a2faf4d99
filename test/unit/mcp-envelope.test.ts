import { describe, expect, it } from 'vitest';
import { countCost, isClientResponse, isNotification, parseEnvelope, replyId } from '../../core/mcp/envelope.ts';

const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const call = (id?: number) => ({
  jsonrpc: '2.0',
  ...(id === undefined ? {} : { id }),
  method: 'tools/call',
  params: {},
});

describe('MCP envelope', () => {
  it.each([
    ['malformed JSON', '{"jsonrpc":', 'parse_error'],
    ['empty batch', [], 'invalid_batch'],
    ['batch of 21', Array.from({ length: 21 }, (_, i) => call(i)), 'invalid_batch'],
    ['batch of 20', Array.from({ length: 20 }, (_, i) => call(i)), 'ok'],
    ['single message', call(1), 'ok'],
  ])('%s → %s', (_name, body, kind) => {
    expect(parseEnvelope(bytes(body)).kind).toBe(kind);
  });

  it('treats only a missing id member as a notification; id null is a request', () => {
    expect(isNotification({ jsonrpc: '2.0', method: 'ping' })).toBe(true);
    expect(isNotification({ jsonrpc: '2.0', id: null, method: 'ping' })).toBe(false);
  });

  it('does not treat a message without a method (such as {}) as a notification', () => {
    expect(isNotification({})).toBe(false);
    expect(isNotification({ jsonrpc: '2.0' })).toBe(false);
  });

  it('treats a message without id but with a wrong jsonrpc or an empty method as no notification', () => {
    expect(isNotification({ method: 'ping' })).toBe(false);
    expect(isNotification({ jsonrpc: '1.0', method: 'ping' })).toBe(false);
    expect(isNotification({ jsonrpc: '2.0', method: '' })).toBe(false);
  });

  it('recognises a response posted by the client: an id and either a result object or an error', () => {
    expect(isClientResponse({ jsonrpc: '2.0', id: 1, result: {} })).toBe(true);
    expect(isClientResponse({ jsonrpc: '2.0', id: null, error: { code: -1, message: 'x' } })).toBe(true);
    expect(isClientResponse({ jsonrpc: '2.0', id: null, result: {} })).toBe(false);
    expect(isClientResponse({ jsonrpc: '2.0', id: 1, method: 'ping', result: {} })).toBe(false);
  });

  it('keeps the text of a numeric id that would not print back as written', () => {
    const parsed = parseEnvelope(bytes('[{"id":12345678901234567890},{"id":1.0},{"id":7},{"id":"7"},{"id":1.5}]'));
    if (parsed.kind !== 'ok') throw new Error(parsed.kind);
    expect(JSON.stringify(parsed.entries.map(replyId))).toBe('[12345678901234567890,1.0,7,"7",null]');
  });

  it('costs one unit per tools/call and at least one per request', () => {
    expect(countCost(bytes([call(1), call(2), call(3), { jsonrpc: '2.0', id: 4, method: 'ping' }]))).toBe(3);
    expect(countCost(bytes({ jsonrpc: '2.0', id: 1, method: 'ping' }))).toBe(1);
    expect(countCost(bytes('not json'))).toBe(1);
  });
});
