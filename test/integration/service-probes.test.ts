import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { Readiness } from '../../core/ops/readiness.ts';
import { createClient } from '../../generated/service/client/index.ts';
import { getHealthz, getReadyz } from '../../generated/service/sdk.gen.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// GET /healthz and GET /readyz through the real server (spec/service.openapi.yaml); every response is checked
// against that spec.

const version = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(readiness?: Readiness): Promise<ReturnType<typeof createClient>> {
  server = await startTestServer(readiness ? { readiness } : {});
  return createClient({ baseUrl: server.url, fetch: checkedFetch });
}

describe('GET /healthz', () => {
  it('answers 200 ok with the package version, no-store, and is logged below info', async () => {
    const client = await start();
    const result = await getHealthz({ client });
    expect(result.response?.status).toBe(200);
    expect(result.data).toMatchObject({ status: 'ok', version });
    expect(result.response?.headers.get('cache-control')).toBe('no-store');
    const logged = (server as TestServer).logLines.filter((line) => line.msg === 'request');
    expect(logged.filter((line) => line.path === '/healthz')).toEqual([]);
  });

  it('is not rate-limited: more probes than the REST bucket holds leave a client its /v1 budget', async () => {
    await start();
    const url = (server as TestServer).url;
    for (let i = 0; i < 310; i++) expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await checkedFetch(`${url}/v1`)).status).toBe(200);
  });

  it('other methods are 405 in the place-lookup error shape, with Allow: GET', async () => {
    await start();
    const response = await checkedFetch(`${(server as TestServer).url}/readyz`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect((await response.json()).error.code).toBe('method_not_allowed');
  });
});

describe('GET /readyz', () => {
  it('is 200 ready once a release is loaded and the store answers', async () => {
    const client = await start();
    const result = await getReadyz({ client });
    expect(result.response?.status).toBe(200);
    expect(result.data).toEqual({
      status: 'ready',
      version,
      release_id: (server as TestServer).release.record.release_id,
      reasons: [],
    });
  });

  it('is 503 starting before a release is loaded, and 503 draining once the stop began', async () => {
    const readiness = new Readiness();
    const client = await start(readiness);
    const starting = await getReadyz({ client });
    expect(starting.response?.status).toBe(503);
    expect(starting.error).toMatchObject({ status: 'not_ready', release_id: null, reasons: [{ code: 'starting' }] });
    readiness.releaseLoaded('rel-a');
    expect((await getReadyz({ client })).response?.status).toBe(200);
    readiness.startDraining();
    const draining = await getReadyz({ client });
    expect(draining.response?.status).toBe(503);
    expect(draining.error).toMatchObject({ release_id: 'rel-a', reasons: [{ code: 'draining' }] });
  });

  it('is 503 search_index_loading until the search index loaded, and not held back by a failed load', async () => {
    const readiness = new Readiness();
    readiness.releaseLoaded('rel-a');
    const client = await start(readiness);
    const index = Promise.withResolvers<boolean>();
    readiness.waitForSearchIndex(index.promise);
    const loading = await getReadyz({ client });
    expect(loading.response?.status).toBe(503);
    expect(loading.error).toMatchObject({ release_id: 'rel-a', reasons: [{ code: 'search_index_loading' }] });
    index.resolve(true);
    await index.promise;
    expect((await getReadyz({ client })).response?.status).toBe(200);
    const failing = Promise.withResolvers<boolean>();
    readiness.waitForSearchIndex(failing.promise);
    expect((await getReadyz({ client })).response?.status).toBe(503);
    failing.reject(new Error('the index file is unreadable'));
    await failing.promise.catch(() => {});
    expect((await getReadyz({ client })).response?.status).toBe(200);
  });

  it('is 503 store_unreachable when the store ping hangs past its deadline, answering within it', async () => {
    const readiness = new Readiness({ ping: () => new Promise(() => {}), pingTimeoutMs: 200 });
    readiness.releaseLoaded('rel-a');
    const client = await start(readiness);
    const started = performance.now();
    const result = await getReadyz({ client });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.response?.status).toBe(503);
    expect(result.error).toMatchObject({ reasons: [{ code: 'store_unreachable' }] });
  });

  it('follows what the store layer reports: degraded is 503 until it reports ok again', async () => {
    const readiness = new Readiness({ ping: async () => undefined });
    readiness.releaseLoaded('rel-a');
    const client = await start(readiness);
    readiness.reportStore('degraded', 'three queries timed out in the last minute');
    const degraded = await getReadyz({ client });
    expect(degraded.response?.status).toBe(503);
    expect(degraded.error).toMatchObject({
      reasons: [{ code: 'store_degraded', message: 'three queries timed out in the last minute' }],
    });
    readiness.reportStore('ok');
    expect((await getReadyz({ client })).response?.status).toBe(200);
  });
});
