import { afterAll, beforeAll, expect, it } from 'vitest';
import { maxJsonDepth } from '../../core/json/nesting-depth.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// A small body nested thousands of levels deep, on each face: the face's answer for a body it cannot parse, checked
// against the spec, and no error in the log. Bodies stay under each face's size limit, so the depth is what is
// refused.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '20' } });
});
afterAll(() => server.close());

const deep = (levels: number) => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);
const deepObject = (levels: number): unknown => (levels === 0 ? 1 : { a: deepObject(levels - 1) });

async function post(path: string, body: unknown) {
  const text = JSON.stringify(body);
  const response = await checkedFetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: text,
  });
  return { size: text.length, status: response.status, body: (await response.json()) as any };
}

const errorLines = () => server.logLines.filter((line) => (line.level as number) >= 50);

it('scenery search: 4 000 levels in 8 KB is 400 invalid_json', async () => {
  const answer = await post('/explore/api/search', { query: '坂道', bbox: deep(4000) });
  expect(answer.size).toBeLessThanOrEqual(8192);
  expect(answer.status).toBe(400);
  expect(answer.body.code).toBe('invalid_json');
  expect(answer.body.error).toContain(`deeper than ${maxJsonDepth} levels`);
  expect(errorLines()).toEqual([]);
});

it('place lookup: 1 000 levels in its 2 KB amenity body is 400 invalid_parameter naming the body', async () => {
  const answer = await post('/amenities/search', { lat: deep(1000), lon: 135, kind: 'toilet' });
  expect(answer.size).toBeLessThanOrEqual(2048);
  expect(answer.status).toBe(400);
  expect(answer.body.error).toMatchObject({ code: 'invalid_parameter', field: 'body' });
  expect(answer.body.error.message).toContain(`deeper than ${maxJsonDepth} levels`);
  expect(errorLines()).toEqual([]);
});

it.each([
  ['tool arguments', { name: 'get_scene', arguments: { id: deep(4000) } }],
  ['objects in tool arguments', { name: 'find_street', arguments: { q: deepObject(1300) } }],
])('MCP: %s nested thousands of levels deep are HTTP 400 with a JSON-RPC parse error', async (_, params) => {
  const answer = await post('/mcp', { jsonrpc: '2.0', id: 7, method: 'tools/call', params });
  expect(answer.size).toBeLessThanOrEqual(8192);
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  expect(answer.body.error.message).toContain(`deeper than ${maxJsonDepth} levels`);
  expect(errorLines()).toEqual([]);
});

it('MCP: a message nested just within the bound is answered as usual', async () => {
  const meta = deepObject(maxJsonDepth - 3); // the message, params and _meta are the first three levels
  const answer = await post('/mcp', { jsonrpc: '2.0', id: 8, method: 'ping', params: { _meta: meta } });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ jsonrpc: '2.0', id: 8, result: {} });
});
