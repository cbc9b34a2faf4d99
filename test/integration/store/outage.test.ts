import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseConfig } from '../../../core/config.ts';
import { openServedRelease } from '../../../core/data/bootstrap.ts';
import type { ServedRelease } from '../../../core/data/served-release.ts';
import { createLogger } from '../../../core/log.ts';
import { startEngineBuild } from '../../../core/scenery-search/engine-holder.ts';
import { type FaultProxy, startFaultProxy } from '../../helpers/fault-proxy.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { checkedFetch } from '../../helpers/spec-check.ts';

// A database that stops answering (frozen behind a TCP proxy), then refuses, then comes back. PostgreSQL only: the
// embedded store lives in the process. Every response is checked against the spec.

const storeOptions = inject('testStore');
const onPostgres = Boolean(storeOptions.databaseUrl);
const timeoutMs = 800;
let proxy: FaultProxy;
let release: ServedRelease;
let server: TestServer;
let sceneId: string;
let point: { lat: number; lon: number };

beforeAll(async () => {
  if (!onPostgres) return;
  const target = new URL(storeOptions.databaseUrl as string);
  proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const config = parseConfig({ LOG_LEVEL: 'silent' });
  ({ release } = await openServedRelease(config, createLogger(config), {
    ...storeOptions,
    databaseUrl: proxy.urlFor(storeOptions.databaseUrl as string),
    timeoutMs,
    probeEveryMs: 200,
  }));
  server = await startTestServer({ release, env: { TRUST_PROXY: '1', RATE_LIMIT_FACTOR: '100' } });
  // As npm start does once listening (see the first test for why it matters here). A build whose reads outlast the
  // deadline on a loaded machine fails and is tried again.
  await until(() => startEngineBuild(release), 60_000);
  const row = release.scenes.rowOf[0] as number;
  sceneId = release.scenes.light.ids[row] as string;
  point = { lat: release.scenes.light.lats[row] as number, lon: release.scenes.light.lons[row] as number };
});
afterAll(async () => {
  proxy?.set('pass');
  await server?.close();
  await release?.store.close();
  await proxy?.close();
});

let client = 0;
async function timed(path: string, init: RequestInit = {}) {
  const started = performance.now();
  const headers = { 'x-forwarded-for': `198.51.100.${++client % 250}`, ...(init.headers as object) };
  const response = await checkedFetch(`${server.url}${path}`, { ...init, headers });
  const body = (await response.json()) as any;
  return { status: response.status, body, headers: response.headers, ms: performance.now() - started };
}

const nearby = () => timed(`/v1/scenes/nearby?lat=${point.lat}&lon=${point.lon}&radius_m=300&limit=5`);
const mcpGetScene = () =>
  timed('/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_scene', arguments: { id: sceneId } },
    }),
  });

const searchFor = (query: string) =>
  timed('/explore/api/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, limit: 3 }),
  });

async function latencies(
  run: () => Promise<{ status: number; ms: number }>,
  n: number,
): Promise<{ median: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const answer = await run();
    expect(answer.status).toBe(200);
    times.push(answer.ms);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.ceil(n / 2) - 1] as number, p99: times[Math.ceil(n * 0.99) - 1] as number };
}

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not true within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!onPostgres)('the database freezes, refuses and returns', () => {
  it('store-backed requests answer 503 store_unavailable at once, in-memory faces keep their latency', async () => {
    expect((await timed(`/explore/api/scene/${sceneId}`)).status).toBe(200);
    // The scenery search engine is ready before the outage (beforeAll), as npm start builds it once listening. Built
    // lazily by the first search instead, it loads the catalogue and tokenizer (seconds of CPU) and leaves collection
    // work behind: measured, that first search during the freeze doubled the CPU of each nearby request after it and
    // was the rise of the frozen p99 (~10 → ~24 ms); the freeze itself adds no CPU to a request or in the background.
    // Its first page (the engine of this server's configuration) may outlast the deadline on a loaded machine: that
    // marks the store down until the next probe, so it is tried again.
    await until(async () => (await searchFor('石畳の坂道')).status === 200, 20_000);
    await latencies(nearby, 20); // warm
    // 120 requests a side: with 60 the p99 is the single slowest request, one scheduler hiccup on a shared machine.
    const before = await latencies(nearby, 120);
    proxy.set('freeze');
    const frozenAt = Date.now();

    // The first store read waits its deadline; it, and every one after it, is a retryable 503.
    const first = await timed(`/explore/api/scene/${sceneId}`);
    expect(first.status).toBe(503);
    expect(first.body).toMatchObject({ code: 'store_unavailable', retryable: true });
    expect(first.ms).toBeLessThan(timeoutMs + 1000);
    expect(Number(first.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    expect(release.store.health.state).toBe('down');
    const next = await timed(`/explore/api/scene/${sceneId}`);
    expect(next.status).toBe(503);
    expect(next.ms).toBeLessThan(200);
    const search = await searchFor('石畳の坂道');
    expect([200, 503]).toContain(search.status);
    if (search.status === 503) expect(search.body.code).toBe('store_unavailable');

    // Place lookup's contract has no 503: the same outage is its 500, with Retry-After.
    const v1 = await timed(`/v1/scenes/${sceneId}`);
    expect(v1.status).toBe(500);
    expect(v1.body.error.message).toMatch(/temporarily unavailable/);
    expect(Number(v1.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    const tool = await mcpGetScene();
    expect(tool.body.result.isError).toBe(true);
    expect(tool.body.result.content[0].text).toMatch(/temporarily unavailable.*Retry this call in 2 s/);

    // Nearby, coverage and areas are answered from memory, also for clients never seen before (each request here
    // comes from a new address).
    const during = await latencies(nearby, 120);
    // With the search engine built ahead (above) the freeze adds nothing to a nearby request (CPU per request and in
    // the background measured unchanged). Frozen, a request even does less: the store is down, so the rate-limit
    // lease of its new address is decided in memory, not in the database (measured at load average 11 to 13, median
    // 16 → 3 ms, p99 103 → 35 and 126 → 42 ms). What the bounds catch is a request waiting for the frozen store, its
    // deadline (800 ms) or the lease's (1 s), in the p99, and a cost added to every request, in the median. A ratio
    // of the two p99s (the two slowest of 120 each) measured one scheduler slice of a shared 2-core machine instead:
    // at load average 9 to 16, 36 → 55 ms.
    expect(during.median).toBeLessThanOrEqual(Math.max(2 * before.median, before.median + 10));
    expect(during.p99).toBeLessThan(before.p99 + timeoutMs / 4);
    for (const path of ['/v1/coverage', '/v1/areas/at']) {
      const answer = await timed(`${path}?lat=${point.lat}&lon=${point.lon}`);
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(200);
    }
    const shown = ({ median, p99 }: { median: number; p99: number }) => `${median.toFixed(1)}/${p99.toFixed(1)}`;
    console.info(`nearby median/p99 ${shown(before)} ms before, ${shown(during)} ms frozen`);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 5000 - (Date.now() - frozenAt))));

    proxy.set('refuse');
    const refused = await timed(`/explore/api/scene/${sceneId}`);
    expect(refused.status).toBe(503);
    expect(refused.ms).toBeLessThan(timeoutMs + 500);

    // Back: the probe finds it, without a restart.
    proxy.set('pass');
    await until(async () => (await timed(`/explore/api/scene/${sceneId}`)).status === 200, 10_000);
    expect(release.store.health.state).toBe('up');
    expect((await timed(`/v1/scenes/${sceneId}`)).status).toBe(200);
    expect((await mcpGetScene()).body.result.isError).toBeFalsy();
  }, 40_000);
});
