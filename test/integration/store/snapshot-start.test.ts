import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../helpers/fault-proxy.ts';
import { type LogEntry, type ServeProcess, startServeProcess } from '../../helpers/serve-process.ts';
import { checkedFetch } from '../../helpers/spec-check.ts';

// The real server started while its PostgreSQL refuses every connection (behind a TCP proxy): with the snapshots a
// previous start left in DATA_DIR it serves the in-memory faces and connects once the database returns, without a
// restart; without them it stops with one line. PostgreSQL only: the embedded store lives in the process.

const storeOptions = inject('testStore');
const onPostgres = Boolean(storeOptions.databaseUrl);
const warnLine =
  /^database unreachable at start: serving release \S+ from snapshots in \S+; store-backed requests answer 503 until it returns$/;
let proxy: FaultProxy;
let root: string;
const running: ServeProcess[] = [];

/** The test database, through the proxy, in the schema the integration run ingested into. */
function databaseUrl(): string {
  const url = new URL(proxy.urlFor(storeOptions.databaseUrl as string));
  url.searchParams.set('options', `-c search_path=${storeOptions.schema}`);
  return url.toString();
}

/** `outage`: a short store timeout, so requests during the outage answer at once; the first start keeps the default
 * (on a loaded machine its search index and cards reads would time out at 800 ms and leave no snapshot behind). */
function serve(dataDir: string, outage = true): ServeProcess {
  const env = { DATABASE_URL: databaseUrl(), DATA_DIR: dataDir, ...(outage ? { STORE_TIMEOUT_MS: '800' } : {}) };
  const server = startServeProcess(env);
  running.push(server);
  return server;
}

beforeAll(async () => {
  if (!onPostgres) return;
  const target = new URL(storeOptions.databaseUrl as string);
  proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  root = await mkdtemp(join(tmpdir(), 'machimi-snapshot-start-'));
});
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  await proxy?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Until `url` answers 200; a timeout names the last answer (a probe's reasons say what it still waits for). */
async function until200(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (let answer = await get(url); answer.status !== 200; answer = await get(url)) {
    if (Date.now() > end) throw new Error(`${url}: not 200 within ${ms} ms; last ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * For a failure's message: an answer's body and the log lines of every server started here (the start that wrote the
 * snapshots too), but for the request lines of other requests and the start-up phases.
 */
async function problemsOf(server: ServeProcess, answer: { body: unknown; headers: Headers }): Promise<string> {
  const id = answer.headers.get('x-request-id');
  // The request's own line may still be on its way through the pipe.
  await server.waitForLog((entry) => entry.request_id === id && entry.msg === 'request', 2000).catch(() => undefined);
  const shown = (entry: LogEntry) => entry.request_id === id || (entry.msg !== 'request' && entry.phase === undefined);
  return JSON.stringify({ body: answer.body, logs: running.map((started) => started.logs.filter(shown)) });
}

async function get(url: string): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await checkedFetch(url);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe.skipIf(!onPostgres)('a start while the database is down', () => {
  it('serves the last release from its snapshots, then connects when the database returns', async () => {
    const dataDir = join(root, 'data');
    // A start that reaches the database leaves the snapshots, the release record and the search index.
    const first = serve(dataDir, false);
    await first.listening(60_000);
    await first.waitForLog((entry) => entry.msg === 'scenery search engine ready', 60_000);
    await first.stop();

    proxy.set('refuse');
    const server = serve(dataDir);
    const url = await server.listening(30_000);
    const warn = server.logs.find((entry) => warnLine.test(entry.msg ?? ''));
    expect(warn?.level).toBe('warn');

    const meta = await get(`${url}/v1/meta`);
    expect(meta.status).toBe(200);
    const { lat, lon } = meta.body.example_point;
    const nearby = await get(`${url}/v1/scenes/nearby?lat=${lat}&lon=${lon}&radius_m=500&limit=3`);
    const problems = nearby.status === 200 ? '' : await problemsOf(server, nearby);
    expect(nearby.status, problems).toBe(200);
    expect(nearby.body.count).toBeGreaterThan(0);
    const sceneId = nearby.body.results[0].id as string;

    // Store-backed reads answer the outage: place lookup its documented 500 with Retry-After, explore 503.
    const scene = await get(`${url}/v1/scenes/${sceneId}`);
    expect(scene.status).toBe(500);
    expect(Number(scene.headers.get('retry-after'))).toBeGreaterThan(0);
    const explored = await get(`${url}/explore/api/scene/${sceneId}`);
    expect(explored.status).toBe(503);
    expect(explored.body).toMatchObject({ code: 'store_unavailable', retryable: true });
    // Probes see it too: the balancer keeps traffic away while the store is out.
    const degraded = await get(`${url}/readyz`);
    expect(degraded.status).toBe(503);
    expect(degraded.body.reasons.map((reason: { code: string }) => reason.code)).toContain('store_unreachable');

    proxy.set('pass');
    await until200(`${url}/v1/scenes/${sceneId}`, 10_000);
    expect((await get(`${url}/explore/api/scene/${sceneId}`)).status).toBe(200);
    // Readiness also waits for the search engine (search_index_loading), built after listening: on a loaded
    // machine its tokenizer and matchers take longer than this wait, which is for the store's reason to clear.
    const engineSettled = /^scenery search engine (ready|build failed)$/;
    await server.waitForLog((entry) => engineSettled.test(entry.msg ?? ''), 60_000);
    await until200(`${url}/readyz`, 5000);
    await server.waitForLog(
      (entry) => entry.msg === 'database reached: it holds the release served from snapshots',
      5000,
    );
  }, 150_000);

  // The folder the first test's start wrote, less its cards snapshot: as a first start whose card read failed
  // leaves it (the release record saved, no cards snapshot).
  it('without a cards snapshot, loads the card records once the database returns and writes their snapshot', async () => {
    const dataDir = join(root, 'data');
    const snapshots = join(dataDir, 'snapshots');
    const cardsFiles = (await readdir(snapshots)).filter((name) => name.endsWith('.cards.bin'));
    expect(cardsFiles).toHaveLength(1);
    await rm(join(snapshots, cardsFiles[0] as string));

    proxy.set('refuse');
    const server = serve(dataDir);
    await server.listening(30_000);
    const notLoaded = server.logs.find((entry) => entry.msg?.startsWith('card columns not loaded'));
    expect(notLoaded?.level).toBe('warn');

    proxy.set('pass');
    await server.waitForLog(
      (entry) => entry.msg === 'card columns loaded on a retry: nearby answers from memory',
      60_000,
    );
    // The retry writes the snapshot before it logs: a later start during an outage has the records.
    expect(existsSync(join(snapshots, cardsFiles[0] as string))).toBe(true);
  }, 120_000);

  it('without a usable snapshot, exits at once with one line naming the database host', async () => {
    proxy.set('refuse');
    const server = serve(join(root, 'empty'));
    expect(await server.exited(30_000)).not.toBe(0);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^machimi cannot start: database unreachable at start \(127\.0\.0\.1:\d+: .*no usable snapshot/,
    );
    // The host only: a URL would show its credentials.
    expect(lines[0]).not.toMatch(/postgres(ql)?:\/\//);
  }, 60_000);
});
