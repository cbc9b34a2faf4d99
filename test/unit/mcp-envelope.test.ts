import { describe, expect, it } from 'vitest';
import { countCost, isNotification, parseEnvelope } from '../../core/mcp/envelope.ts';

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

  it('costs one unit per tools/call and at least one per request', () => {
    expect(countCost(bytes([call(1), call(2), call(3), { jsonrpc: '2.0', id: 4, method: 'ping' }]))).toBe(3);
    expect(countCost(bytes({ jsonrpc: '2.0', id: 1, method: 'ping' }))).toBe(1);
    expect(countCost(bytes('not json'))).toBe(1);
  });
});
