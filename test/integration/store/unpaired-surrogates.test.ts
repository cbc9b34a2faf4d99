import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { checkedFetch } from '../../helpers/spec-check.ts';

// Unpaired UTF-16 surrogates (valid JSON escapes, not valid Unicode) in every face's strings: never a 5xx, on both
// stores. A search query holding them issues a cursor that continues (PostgreSQL keeps it as JSON text). Every
// response is checked against the spec.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '20' } });
});
afterAll(() => server.close());

const json = { 'content-type': 'application/json' };
const lone = ['\\ud800\\ud800', '坂\\udfff道', '\\udc00石畳の坂道\\ud83d'];

async function post(path: string, body: string) {
  const response = await checkedFetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...json, accept: 'application/json, text/event-stream' },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('unpaired surrogates', () => {
  it('in a scenery search query: an answer, and its cursor continues', async () => {
    for (const text of lone) {
      const first = await post('/explore/api/search', `{"query":"${text}","limit":2}`);
      expect(first.status).toBeLessThan(500);
      const next = first.body.pagination?.next_request;
      if (first.status === 200 && next)
        expect((await post('/explore/api/search', JSON.stringify(next))).status).toBe(200);
    }
  });

  it('in MCP tool arguments', async () => {
    for (const text of lone) {
      const call = (name: string, args: string) =>
        post('/mcp', `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","arguments":${args}}}`);
      for (const answer of [
        await call('find_street', `{"q":"${text}"}`),
        await call('find_area', `{"q":"${text}"}`),
        await call('find_school', `{"q":"${text}"}`),
        await call('get_scene', `{"id":"${text}"}`),
      ]) {
        expect(answer.status).toBe(200);
        expect(answer.body.error).toBeUndefined();
      }
    }
  });

  it('in /v1 query strings, percent-encoded as UTF-8 would encode them', async () => {
    for (const q of ['%ED%A0%80', '%ED%A0%80%ED%A0%80', '%E5%9D%82%ED%BF%BF', '%F0%9F']) {
      for (const path of [`/v1/streets/search?q=${q}`, `/v1/areas/search?q=${q}`, `/v1/schools/search?q=${q}`]) {
        const response = await checkedFetch(`${server.url}${path}`);
        await response.arrayBuffer();
        expect(response.status, path).toBeLessThan(500);
      }
    }
  });
});
