import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// Each test gets its own server: rate-limit counters and log lines must not leak between them.

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const json = { 'content-type': 'application/json' };

async function burst(count: number, send: () => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 25) {
    const batch = await Promise.all(Array.from({ length: Math.min(25, count - i) }, send));
    for (const response of batch) {
      statuses.push(response.status);
      await response.arrayBuffer();
    }
  }
  return statuses;
}

describe('per-IP rate limits at their documented defaults', () => {
  it('REST: 300 requests per 60 s, then 429 rate_limited with Retry-After: 60', async () => {
    server = await startTestServer();
    const url = `${server.url}/v1/scenes/nearby?lat=NaN&lon=0`;
    const statuses = await burst(300, () => checkedFetch(url));
    expect(statuses.every((status) => status === 400)).toBe(true);
    const limited = await checkedFetch(url);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(((await limited.json()) as any).error.code).toBe('rate_limited');
  });

  it('MCP: 120 per 60 s where each tools/call in a batch counts', async () => {
    server = await startTestServer();
    const calls = (n: number) =>
      JSON.stringify(
        Array.from({ length: n }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'nope' } })),
      );
    const post = (body: string) => checkedFetch(`${server?.url}/mcp`, { method: 'POST', headers: json, body });
    for (let i = 0; i < 6; i++) expect((await post(calls(20))).status).toBe(200);
    const limited = await post(calls(1));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(((await limited.json()) as any).error.code).toBe('rate_limited');
  });

  it('explore search: 20 per minute, then 429 with Retry-After and retry_after_s', async () => {
    server = await startTestServer();
    const post = () =>
      checkedFetch(`${server?.url}/explore/api/search`, { method: 'POST', headers: json, body: '{"limit":99}' });
    const statuses = await burst(20, post);
    expect(statuses.every((status) => status === 400)).toBe(true);
    const limited = await post();
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as any;
    expect(body).toMatchObject({ code: 'rate_limited', retryable: true });
    expect(body.retry_after_s).toBeGreaterThan(0);
    expect(limited.headers.get('retry-after')).toBe(String(body.retry_after_s));
  });

  it('replicas on PostgreSQL count a client once; on the embedded store each process counts alone', async () => {
    server = await startTestServer();
    const replica = await startTestServer();
    try {
      const post = (target: TestServer) => () =>
        checkedFetch(`${target.url}/explore/api/search`, { method: 'POST', headers: json, body: '{"limit":99}' });
      expect((await burst(10, post(server))).every((status) => status === 400)).toBe(true);
      expect((await burst(10, post(replica))).every((status) => status === 400)).toBe(true);
      const shared = server.release.store.kind === 'postgres';
      // Counts let through far below the limit reach the table within 100 ms (shared-counter.ts).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await post(server)()).status).toBe(shared ? 429 : 400);
    } finally {
      await replica.close();
    }
  });

  it('RATE_LIMIT_FACTOR raises every bucket (for fuzzing runs)', async () => {
    server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '2' } });
    const post = () =>
      checkedFetch(`${server?.url}/explore/api/search`, { method: 'POST', headers: json, body: '{"limit":99}' });
    const statuses = await burst(40, post);
    expect(statuses.every((status) => status === 400)).toBe(true);
    expect((await post()).status).toBe(429);
  });
});

describe('internal errors', () => {
  it('are 500 internal with no path, SQL or stack, and are logged with the request id', async () => {
    const secret = 'SELECT password FROM users -- at /srv/machimi/core/store/queries.ts:12';
    server = await startTestServer({
      placeLookupHandlers: {
        get_meta: () => {
          throw new Error(secret);
        },
      },
    });
    const response = await checkedFetch(`${server.url}/v1/meta`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toMatch(/SELECT|\/srv\/|queries\.ts|at .*:\d+/);
    const body = JSON.parse(text);
    expect(body.error.code).toBe('internal');
    expect(body.error.request_id).toBe(response.headers.get('x-request-id'));
    const logged = server.logLines.find((line) => line.level === 'error');
    expect(logged?.request_id).toBe(body.error.request_id);
    expect(JSON.stringify(logged)).toContain('SELECT password');
  });
});
