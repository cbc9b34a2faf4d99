import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HandlerMap } from '../../core/context.ts';
import { loadHandlers } from '../../handlers/load.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// Every protocol rule of POST /mcp in the document's table, over raw HTTP. Each response is checked against the
// spec. The place handlers are wrapped in counters, so "no tool runs" and "the store is not queried" are observed
// rather than assumed.

let server: TestServer;
const calls = new Map<string, number>();

async function countingHandlers(): Promise<HandlerMap> {
  const handlers = await loadHandlers('place-lookup');
  return Object.fromEntries(
    Object.entries(handlers).map(([operationId, handler]) => [
      operationId,
      (input: Parameters<typeof handler>[0], ctx: Parameters<typeof handler>[1]) => {
        calls.set(operationId, (calls.get(operationId) ?? 0) + 1);
        return handler(input, ctx);
      },
    ]),
  );
}

const handlerRuns = () => [...calls.values()].reduce((sum, n) => sum + n, 0);

beforeAll(async () => {
  // A raised rate limit here; the limit itself is tested on a server of its own below.
  server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '20' }, placeLookupHandlers: await countingHandlers() });
});
afterAll(() => server.close());
beforeEach(() => calls.clear());

interface Answer {
  status: number;
  text: string;
  body: any;
  headers: Headers;
}

async function post(body: unknown, headers: Record<string, string> = {}, base = server.url): Promise<Answer> {
  const response = await checkedFetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : null, headers: response.headers };
}

const request = (id: unknown, method: string, params?: object) => ({ jsonrpc: '2.0', id, method, params });
const notification = (method: string, params?: object) => ({ jsonrpc: '2.0', method, params });
const metadataCall = { name: 'get_metadata', arguments: {} };

describe('one JSON response, no sessions', () => {
  it.each([['application/json, text/event-stream'], ['text/event-stream'], ['*/*']])(
    'answers JSON with Accept %j, with no session id and Cache-Control no-store',
    async (accept) => {
      const answer = await post(request(1, 'ping'), { accept });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('mcp-session-id')).toBeNull();
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    },
  );

  it('GET /mcp is 405 with Allow: POST', async () => {
    const response = await checkedFetch(`${server.url}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(((await response.json()) as any).error.code).toBe('method_not_allowed');
  });
});

describe('initialize', () => {
  it.each(['2025-06-18', '2025-03-26', '2024-11-05'])('echoes the supported version %s', async (version) => {
    const { body } = await post(request(1, 'initialize', { protocolVersion: version, capabilities: {} }));
    expect(body.result).toMatchObject({
      protocolVersion: version,
      capabilities: { tools: { listChanged: false } },
      serverInfo: { name: 'machimi' },
    });
  });

  it.each([['2025-11-25'], ['2024-10-07'], ['1.0'], [42], [undefined]])(
    'answers any other version (%j) with 2025-06-18',
    async (version) => {
      const { body } = await post(request(1, 'initialize', { protocolVersion: version, capabilities: {} }));
      expect(body.result.protocolVersion).toBe('2025-06-18');
    },
  );
});

describe('methods', () => {
  it('ping answers an empty result', async () => {
    expect((await post(request('p', 'ping'))).body).toEqual({ jsonrpc: '2.0', id: 'p', result: {} });
  });

  it('tools/list answers the 11 tools', async () => {
    const { body } = await post(request(2, 'tools/list'));
    expect(body.result.tools).toHaveLength(11);
  });

  it('tools/call runs the tool once', async () => {
    const { body } = await post(request(3, 'tools/call', metadataCall));
    expect(body.result.structuredContent.api_version).toBe('v1');
    expect(calls.get('get_meta')).toBe(1);
  });

  it('an unknown method is JSON-RPC error -32601 in a 200', async () => {
    const answer = await post(request(4, 'resources/list'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: 4, error: { code: -32601 } });
  });

  it('an unknown tool is isError without running any handler (the store is not queried)', async () => {
    const { body } = await post(request(5, 'tools/call', { name: 'drop_tables', arguments: {} }));
    expect(body.result.isError).toBe(true);
    expect(body.result.structuredContent).toBeUndefined();
    expect(body.result.content[0].text).toMatch(/Unknown tool "drop_tables".*get_metadata/);
    expect(handlerRuns()).toBe(0);
  });

  it('tools/call without a tool name is -32602 invalid params', async () => {
    const { body } = await post(request(6, 'tools/call', { arguments: {} }));
    expect(body.error.code).toBe(-32602);
    expect(handlerRuns()).toBe(0);
  });
});

describe('ids and notifications', () => {
  it('"id": null is a request and null is echoed', async () => {
    const answer = await post(request(null, 'tools/call', metadataCall));
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBeNull();
    expect(answer.body.result.structuredContent).toBeDefined();
    expect(calls.get('get_meta')).toBe(1);
  });

  it.each([
    ['{}', {}],
    ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'tools/list' }],
    ['an id that is an object', { jsonrpc: '2.0', id: { n: 1 }, method: 'tools/call', params: metadataCall }],
  ])('%s is an invalid request: HTTP 400 with -32600 and id null, and nothing runs', async (_name, message) => {
    const answer = await post(message);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(handlerRuns()).toBe(0);
  });

  it.each([
    ['no jsonrpc member', { method: 'tools/call', params: metadataCall }],
    ['jsonrpc "1.0"', { jsonrpc: '1.0', method: 'tools/call', params: metadataCall }],
    ['jsonrpc 2 as a number', { jsonrpc: 2, method: 'notifications/initialized' }],
    ['an empty method', { jsonrpc: '2.0', method: '' }],
    ['a method that is not a string', { jsonrpc: '2.0', method: 7 }],
    ['params that are not an object', { jsonrpc: '2.0', method: 'tools/call', params: ['get_metadata'] }],
  ])('a message without id with %s is not a notification: HTTP 400 with -32600', async (_name, message) => {
    const answer = await post(message);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(handlerRuns()).toBe(0);
  });

  it('a malformed message with a usable id is HTTP 400 with -32600 and its id', async () => {
    const answer = await post({ jsonrpc: '1.0', id: 'req-7', method: 'tools/call', params: metadataCall });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: 'req-7', error: { code: -32600 } });
    expect(handlerRuns()).toBe(0);
  });

  it('notifications/initialized is 202 with an empty body', async () => {
    const answer = await post(notification('notifications/initialized'));
    expect(answer.status).toBe(202);
    expect(answer.text).toBe('');
  });

  it('a tools/call without an id member is a notification: 202, empty, and no tool runs', async () => {
    const answer = await post(notification('tools/call', metadataCall));
    expect(answer.status).toBe(202);
    expect(answer.text).toBe('');
    expect(handlerRuns()).toBe(0);
  });
});

describe('ids are echoed exactly as sent', () => {
  // Written as text: JSON.stringify could not write these numbers, and parsing the answer would round them again.
  const beyond = '12345678901234567890';
  const negative = '-9007199254740993';

  it.each([
    ['a request', `{"jsonrpc":"2.0","id":${beyond},"method":"ping"}`, `{"jsonrpc":"2.0","id":${beyond},"result":{}}`],
    ['a negative id', `{"jsonrpc":"2.0","id":${negative},"method":"ping"}`, `"id":${negative},`],
    ['an unknown method', `{"jsonrpc":"2.0","id":${beyond},"method":"nope"}`, `"id":${beyond},"error"`],
    ['a malformed message', `{"jsonrpc":"1.0","id":${beyond},"method":"ping"}`, `"id":${beyond},"error"`],
  ])('an integer id beyond 2^53 in %s', async (_name, body, expected) => {
    const answer = await post(body);
    expect(answer.text).toContain(expected);
  });

  it('in every reply of a batch, tools/call included', async () => {
    const answer = await post(
      `[{"jsonrpc":"2.0","id":${beyond},"method":"tools/call","params":{"name":"get_metadata","arguments":{}}},` +
        `{"jsonrpc":"2.0","id":"${beyond}","method":"ping"},{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
    );
    expect(answer.status).toBe(200);
    expect(answer.text.startsWith(`[{"jsonrpc":"2.0","id":${beyond},"result":{`)).toBe(true);
    expect(answer.text).toContain(
      `{"jsonrpc":"2.0","id":"${beyond}","result":{}},{"jsonrpc":"2.0","id":1,"result":{}}]`,
    );
    expect(calls.get('get_meta')).toBe(1);
  });
});

describe('responses posted by the client', () => {
  it.each([
    ['a result', { jsonrpc: '2.0', id: 1, result: {} }],
    ['an error', { jsonrpc: '2.0', id: 'sampling-1', error: { code: -32601, message: 'Method not found' } }],
    ['an error with id null', { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }],
  ])('%s is accepted: HTTP 202 with an empty body', async (_name, response) => {
    const answer = await post(response);
    expect(answer.status).toBe(202);
    expect(answer.text).toBe('');
    expect(handlerRuns()).toBe(0);
  });

  it('a batch of responses and notifications is 202; with a request, only the request is answered', async () => {
    const accepted = await post([{ jsonrpc: '2.0', id: 1, result: {} }, notification('notifications/initialized')]);
    expect(accepted.status).toBe(202);
    expect(accepted.text).toBe('');
    const answered = await post([{ jsonrpc: '2.0', id: 1, result: {} }, request(2, 'ping')]);
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }]);
  });

  it.each([
    ['both result and error', { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } }],
    ['a result that is not an object', { jsonrpc: '2.0', id: 1, result: 'ok' }],
    ['a result with id null', { jsonrpc: '2.0', id: null, result: {} }],
    ['an error without a message', { jsonrpc: '2.0', id: 1, error: { code: -32601 } }],
    ['no id member', { jsonrpc: '2.0', result: {} }],
  ])('a malformed response (%s) is HTTP 400 with -32600', async (_name, response) => {
    const answer = await post(response);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });
});

describe('the MCP-Protocol-Version header', () => {
  it.each(['2025-06-18', '2025-03-26', '2024-11-05'])('%s is accepted', async (version) => {
    const answer = await post(request(1, 'ping'), { 'mcp-protocol-version': version });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it.each(['2025-11-25', '2099-01-01', 'latest', ''])(
    'an unsupported version %j is HTTP 400 with -32600, and nothing runs',
    async (version) => {
      const answer = await post(request(1, 'tools/call', metadataCall), { 'mcp-protocol-version': version });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
      expect(answer.body.error.message).toContain('2025-06-18, 2025-03-26, 2024-11-05');
      expect(handlerRuns()).toBe(0);
    },
  );
});

describe('the MCP-Protocol-Version header with the official SDK client', () => {
  const connect = (options: ConstructorParameters<typeof StreamableHTTPClientTransport>[1]) => {
    const client = new Client({ name: 'machimi-version-test', version: '1.0.0' });
    return {
      client,
      connected: client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), options)),
    };
  };

  it('the SDK names the negotiated 2025-06-18 on every request after initialize, and is answered', async () => {
    const sent: (string | null)[] = [];
    const recording = (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('mcp-protocol-version'));
      return checkedFetch(input, init);
    };
    const { client, connected } = connect({ fetch: recording });
    await connected;
    expect((await client.callTool(metadataCall)).isError).toBeFalsy();
    await client.close();
    expect(sent[0]).toBeNull();
    expect(sent.slice(1)).toEqual(sent.slice(1).map(() => '2025-06-18'));
    expect(sent.length).toBeGreaterThanOrEqual(3);
  });

  it('a client that names a version this server does not speak is refused with HTTP 400', async () => {
    const headers = { 'mcp-protocol-version': '2099-01-01' };
    const { client, connected } = connect({ fetch: checkedFetch, requestInit: { headers } });
    await expect(connected).rejects.toMatchObject({ code: 400 });
    await client.close();
    expect(handlerRuns()).toBe(0);
  });
});

describe('batches', () => {
  it('are answered with an array in order; notifications inside get no entry and run nothing', async () => {
    const answer = await post([
      request(1, 'ping'),
      notification('tools/call', metadataCall),
      request('two', 'tools/list'),
      request(null, 'nope'),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.map((reply: any) => reply.id)).toEqual([1, 'two', null]);
    expect(answer.body[2].error.code).toBe(-32601);
    expect(handlerRuns()).toBe(0);
  });

  it('a batch of only notifications is 202 with an empty body', async () => {
    const answer = await post([notification('notifications/initialized'), notification('tools/call', metadataCall)]);
    expect(answer.status).toBe(202);
    expect(answer.text).toBe('');
    expect(handlerRuns()).toBe(0);
  });

  it('a batch of 20 is answered with 20 entries', async () => {
    const answer = await post(Array.from({ length: 20 }, (_, id) => request(id, 'ping')));
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(20);
  });

  it.each([
    ['empty', []],
    ['over 20 entries', Array.from({ length: 21 }, (_, id) => request(id, 'tools/call', metadataCall))],
  ])('an %s batch is HTTP 400 with -32600 and id null, and runs nothing', async (_name, batch) => {
    const answer = await post(batch);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(handlerRuns()).toBe(0);
  });

  it('a batch of only malformed entries and notifications is HTTP 400 with one -32600 per malformed entry', async () => {
    const answer = await post([
      { jsonrpc: '1.0', id: 7, method: 'ping' },
      notification('notifications/initialized'),
      { method: 'tools/call', params: metadataCall },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject([
      { id: 7, error: { code: -32600 } },
      { id: null, error: { code: -32600 } },
    ]);
    expect(handlerRuns()).toBe(0);
  });

  it('an entry that is not a JSON-RPC 2.0 request gets -32600 with its id; the others are answered', async () => {
    const answer = await post([
      { jsonrpc: '1.0', id: 7, method: 'ping' },
      { jsonrpc: '2.0', id: 8 },
      request(9, 'ping'),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject([
      { id: 7, error: { code: -32600 } },
      { id: 8, error: { code: -32600 } },
      { id: 9, result: {} },
    ]);
  });
});

describe('envelope errors', () => {
  it.each([['{"jsonrpc": "2.0", "id": 1,'], ['not json'], ['']])(
    'malformed JSON %j is HTTP 400 with -32700',
    async (raw) => {
      const answer = await post(raw);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    },
  );

  it('a body over 64 KB is 413 payload_too_large', async () => {
    const padding = 'x'.repeat(65_537);
    const answer = await post(request(1, 'tools/call', { name: 'find_school', arguments: { q: padding } }));
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('payload_too_large');
    expect(handlerRuns()).toBe(0);
  });
});

describe('rate limit: 120 per 60 s per IP, each tools/call of a batch counts', () => {
  let limited: TestServer | undefined;
  afterEach(async () => {
    await limited?.close();
    limited = undefined;
  });
  const unknownCalls = (n: number) =>
    Array.from({ length: n }, (_, id) => request(id, 'tools/call', { name: 'nope', arguments: {} }));

  it('six batches of 20 calls use the budget; the next request is 429 with Retry-After: 60', async () => {
    limited = await startTestServer();
    for (let i = 0; i < 6; i++) expect((await post(unknownCalls(20), {}, limited.url)).status).toBe(200);
    const answer = await post(request(1, 'ping'), {}, limited.url);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('60');
    expect(answer.body.error.code).toBe('rate_limited');
  });

  it('a batch is 429 when any of its calls would exceed the budget; a body without calls counts once', async () => {
    limited = await startTestServer();
    for (let i = 0; i < 5; i++) expect((await post(unknownCalls(20), {}, limited.url)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await post(request(i, 'ping'), {}, limited.url)).status).toBe(200);
    const answer = await post(unknownCalls(11), {}, limited.url);
    expect(answer.status).toBe(429);
    expect(answer.body.error.code).toBe('rate_limited');
  });
});
