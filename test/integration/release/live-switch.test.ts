import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateDemoRelease } from '../../../core/demo/generate.ts';
import { ingestRelease } from '../../../core/release/ingest.ts';
import { openStore, RELEASE_CHANNEL, type Store, setReleaseStatus } from '../../../core/store/index.ts';
import { type ServeProcess, startServeProcess } from '../../helpers/serve-process.ts';
import { checkedFetch } from '../../helpers/spec-check.ts';

// A running server on PostgreSQL follows the served release (core/live-release/): a release published beside it is
// loaded, checked and swapped in within the poll bound while requests keep being answered; a cursor of the previous
// release answers 410 release_changed; a release that fails its check leaves the previous one served; withdrawing
// the new release brings the old one back. Statuses change as the release command does it: the status, then a
// notification on RELEASE_CHANNEL. PostgreSQL only: on the embedded store one process holds the data.

const storeOptions = inject('testStore');
const onPostgres = Boolean(storeOptions.databaseUrl);
const pollMs = 1000;
const scenes = 300;
let root: string;
let store: Store;
let server: ServeProcess;
let url: string;
let metricsUrl: string;
const ids: Record<'a' | 'broken' | 'c', string> = { a: '', broken: '', c: '' };
let later: Promise<{ dir: string; id: string }[]>;
const schema = `live_${process.pid}_${Math.floor(Math.random() * 1e9)}`;

/** A small demo release written as `status`; ingested by the test that needs it. */
async function writeRelease(seed: number, status: 'published' | 'staged'): Promise<{ dir: string; id: string }> {
  const made = await generateDemoRelease({ scenes, seed, out: join(root, `release-${seed}`) });
  const path = join(made.dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(path, 'utf8'));
  await writeFile(path, JSON.stringify({ ...manifest, status }));
  return { dir: made.dir, id: made.releaseId };
}

async function ingest(release: { dir: string; id: string }): Promise<string> {
  await ingestRelease(store, release.dir);
  return release.id;
}

async function changeStatus(releaseId: string, status: 'published' | 'withdrawn'): Promise<void> {
  await setReleaseStatus(store, releaseId, status);
  await store.query('SELECT pg_notify($1, $2)', [RELEASE_CHANNEL, JSON.stringify({ release_id: releaseId, status })]);
}

async function getJson(path: string): Promise<{ status: number; body: any }> {
  const response = await checkedFetch(`${url}${path}`);
  return { status: response.status, body: await response.json() };
}

async function search(body: unknown): Promise<{ status: number; body: any }> {
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await checkedFetch(`${url}/explore/api/search`, init);
  return { status: response.status, body: await response.json() };
}

async function switchCount(outcome: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split('\n').find((row) => row.startsWith(`machimi_release_switch_total{outcome="${outcome}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

async function servedSnapshot(): Promise<string> {
  return (await getJson('/v1/meta')).body.snapshot;
}

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not true within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A nearby request around the served release's example point, wide enough to find scenes. */
async function nearbyPath(): Promise<string> {
  const { lat, lon } = (await getJson('/v1/meta')).body.example_point;
  return `/v1/scenes/nearby?lat=${lat}&lon=${lon}&radius_m=1000&limit=20`;
}

beforeAll(async () => {
  if (!onPostgres) return;
  root = await mkdtemp(join(tmpdir(), 'machimi-live-switch-'));
  store = await openStore({ databaseUrl: storeOptions.databaseUrl, schema });
  ids.a = await ingest(await writeRelease(11, 'published'));
  const database = new URL(storeOptions.databaseUrl as string);
  database.searchParams.set('options', `-c search_path=${schema}`);
  server = startServeProcess({
    DATABASE_URL: database.toString(),
    DATA_DIR: join(root, 'data'),
    RELEASE_POLL_MS: String(pollMs),
    METRICS_PORT: '0',
  });
  // Written while the server starts (another process), ingested by the tests.
  later = (async () => [await writeRelease(12, 'staged'), await writeRelease(13, 'staged')])();
  const listening = await server.waitForLog((entry) => /^machimi .*listening on /.test(entry.msg ?? ''), 60_000);
  url = String(listening.url);
  metricsUrl = String(listening.metrics_url);
  await server.waitForLog((entry) => entry.msg === 'scenery search engine ready', 60_000);
  await later;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await store?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
  await store?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('a running server follows the served release', () => {
  it('keeps serving the previous release when the new one fails its check; /readyz stays 200', async () => {
    ids.broken = await ingest((await later)[0] as { dir: string; id: string });
    // Rows lost after ingest: the manifest's counts no longer hold, so the check refuses the release.
    const removed = await store.query(
      `DELETE FROM amenities WHERE ctid IN (SELECT ctid FROM amenities WHERE release_id = $1 LIMIT 2) RETURNING 1`,
      [ids.broken],
    );
    expect(removed).toHaveLength(2);
    const failedBefore = await switchCount('failed');
    await changeStatus(ids.broken, 'published');
    const warn = await server.waitForLog((entry) => entry.release_id === ids.broken && entry.level === 'warn', 15_000);
    expect(warn.reason).toMatch(/^amenities: \d+ rows loaded, the manifest states \d+$/);
    expect(await switchCount('failed')).toBe(failedBefore + 1);
    expect(await servedSnapshot()).toBe(ids.a);
    const ready = await getJson('/readyz');
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready', release_id: ids.a } });
    await changeStatus(ids.broken, 'withdrawn');
  }, 60_000);

  it('switches to a published release within the poll bound, answering every request meanwhile', async () => {
    const page = await search({ query: '住宅街の生活道路', limit: 3 });
    expect(page.status).toBe(200);
    expect(page.body.source_release).toBe(ids.a);
    expect(page.body.pagination.has_more).toBe(true);
    ids.c = await ingest((await later)[1] as { dir: string; id: string });
    // Clients reading all along: none fails, and once one sees the new release it never sees the old one again.
    const path = await nearbyPath();
    let reading = true;
    const seen: string[][] = [[], []];
    const statuses = new Set<number>();
    const readers = seen.map(async (snapshots) => {
      while (reading) {
        const nearby = await getJson(path);
        statuses.add(nearby.status);
        if (snapshots.at(-1) !== nearby.body.snapshot) snapshots.push(nearby.body.snapshot);
      }
    });
    const published = Date.now();
    await changeStatus(ids.c, 'published');
    await until(async () => (await servedSnapshot()) === ids.c, 20_000);
    reading = false;
    await Promise.all(readers);
    expect([...statuses]).toEqual([200]);
    for (const snapshots of seen) expect(snapshots).toEqual([ids.a, ids.c]);
    // The bound: the poll interval plus loading and checking a small release (notifications are usually faster).
    expect(Date.now() - published).toBeLessThan(pollMs + 10_000);
    expect((await getJson('/readyz')).body.release_id).toBe(ids.c);

    // The search index of the new release was ready before the swap: the first search answers on it at once.
    const fresh = await search({ query: '住宅街の生活道路', limit: 3 });
    expect(fresh.body.source_release).toBe(ids.c);
    const gone = await search(page.body.pagination.next_request);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ code: 'release_changed', field: 'cursor', retryable: false });
    expect(gone.body.recovery).toMatch(/release changed.*restart the search without cursor/);
  }, 90_000);

  it('goes back to the previous release when the new one is withdrawn, by the poll when no notification comes', async () => {
    const switched = await switchCount('switched');
    await setReleaseStatus(store, ids.c, 'withdrawn');
    await until(async () => (await servedSnapshot()) === ids.a, pollMs + 10_000);
    expect(await switchCount('switched')).toBe(switched + 1);
    const nearby = await getJson(await nearbyPath());
    expect(nearby.status).toBe(200);
    expect(nearby.body.snapshot).toBe(ids.a);
  }, 60_000);
});
