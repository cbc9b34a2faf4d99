import { spawn } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { copyFile, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readLightSnapshot, snapshotPath } from '../../../core/data/light-snapshot.ts';
import { writeReleaseSnapshot } from '../../../core/data/served-release.ts';
import { generateDemoRelease } from '../../../core/demo/generate.ts';
import { ingestRelease } from '../../../core/release/ingest.ts';
import { searchCatalog } from '../../../core/scenery-search/engine-holder.ts';
import { loadCorpus } from '../../../core/scenery-search/persist.ts';
import { persistSearchIndex, searchIndexDirOf, searchIndexPath } from '../../../core/scenery-search/search-index.ts';
import {
  getRelease,
  listReleases,
  openStore,
  RELEASE_CHANNEL,
  type Store,
  setReleaseStatus,
} from '../../../core/store/index.ts';
import { listenerApplicationName } from '../../../core/store/pg-listener.ts';
import { type ServeProcess, startServeProcess } from '../../helpers/serve-process.ts';
import { checkedFetch } from '../../helpers/spec-check.ts';

// What a running server on PostgreSQL does when the machinery of a live switch fails (core/live-release/): its
// listening connection is cut (it reconnects, and a publish after that is noticed through the notification, the
// poll being set far beyond the test), it is killed with SIGKILL while it writes the new release's files into
// DATA_DIR (the next start on that folder serves the release the store's rule picks, and trusts no torn file), and
// an ingest beside it is killed mid-way (nothing of that release is stored; it can be ingested again).

const projectRoot = join(import.meta.dirname, '../../..');
// The scripts are TypeScript: a vitest started by an older `node` on PATH runs them with the project's own Node.
const node = process.features.typescript ? process.execPath : join(projectRoot, 'node_modules/.bin/node');
const storeOptions = inject('testStore');
const onPostgres = Boolean(storeOptions.databaseUrl);
// The longest RELEASE_POLL_MS allowed: within this test only a notification can make a server look again.
const pollMs = 600_000;
const schema = `faults_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
type Release = { dir: string; id: string };
let root: string;
let dataDir: string;
let databaseUrl: string;
let store: Store;
let server: ServeProcess;
let url: string;
let later: Promise<Release[]>;

async function writeRelease(seed: number, status: 'published' | 'staged', scenes = 300): Promise<Release> {
  const made = await generateDemoRelease({ scenes, seed, out: join(root, `release-${seed}`) });
  const path = join(made.dir, 'manifest.json');
  await writeFile(path, JSON.stringify({ ...JSON.parse(await readFile(path, 'utf8')), status }));
  return { dir: made.dir, id: made.releaseId };
}

/** As the release command publishes: the status, then a notification (no poll will come). */
async function publish(releaseId: string): Promise<void> {
  await setReleaseStatus(store, releaseId, 'published');
  await store.query('SELECT pg_notify($1, $2)', [RELEASE_CHANNEL, JSON.stringify({ release_id: releaseId })]);
}

async function getJson(path: string): Promise<{ status: number; body: any }> {
  const response = await checkedFetch(`${url}${path}`);
  return { status: response.status, body: await response.json() };
}

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not true within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startServer(): Promise<void> {
  server = startServeProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, RELEASE_POLL_MS: String(pollMs) });
  url = await server.listening(60_000);
  await server.waitForLog((entry) => entry.msg === 'scenery search engine ready', 60_000);
}

/** The backend pid of the server's listening connection, once it is there. */
async function listenerPid(): Promise<number> {
  const name = listenerApplicationName(RELEASE_CHANNEL, server.child.pid);
  const sql = `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN %'`;
  let pid = 0;
  await until(async () => {
    pid = ((await store.query<{ pid: number }>(sql, [name]))[0]?.pid as number) ?? 0;
    return pid > 0;
  }, 15_000);
  return pid;
}

beforeAll(async () => {
  if (!onPostgres) return;
  root = await mkdtemp(join(tmpdir(), 'machimi-switch-faults-'));
  dataDir = join(root, 'data');
  store = await openStore({ databaseUrl: storeOptions.databaseUrl, schema });
  await ingestRelease(store, (await writeRelease(21, 'published')).dir);
  const database = new URL(storeOptions.databaseUrl as string);
  database.searchParams.set('options', `-c search_path=${schema}`);
  databaseUrl = database.toString();
  // Written while the server starts; the last is large enough for an ingest to be killed mid-way.
  later = (async () => [
    await writeRelease(22, 'staged'),
    await writeRelease(23, 'staged'),
    await writeRelease(24, 'staged', 3000),
  ])();
  await startServer();
  await later;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await store?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
  await store?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('a live switch survives its faults', () => {
  it('reconnects a cut listening connection and notices the next publish through it', async () => {
    const [next] = await later;
    const cut = await listenerPid();
    const [ended] = await store.query<{ ended: boolean }>('SELECT pg_terminate_backend($1) AS ended', [cut]);
    expect(ended?.ended).toBe(true);
    const lost = await server.waitForLog((entry) => entry.msg === 'release notifications lost: polling', 10_000);
    expect(lost).toMatchObject({ level: 'warn', poll_ms: pollMs });
    const again = await server.waitForLog((entry) => entry.msg === 'listening for release changes again', 10_000);
    expect(again.level).toBe('info');
    expect(await listenerPid()).not.toBe(cut);

    await ingestRelease(store, (next as Release).dir);
    const published = Date.now();
    await publish((next as Release).id);
    await until(async () => (await getJson('/v1/meta')).body.snapshot === (next as Release).id, 15_000);
    // Far below the poll interval: the reconnected LISTEN delivered it.
    expect(Date.now() - published).toBeLessThan(15_000);
  }, 60_000);

  it('restarts after a SIGKILL mid-switch serving the release the rule picks, trusting no torn file', async () => {
    const target = (await later)[1] as Release;
    await ingestRelease(store, target.dir);
    const killedPid = server.child.pid as number;
    // Killed at the first file of the new release that appears in DATA_DIR: mid-load, as it starts writing.
    const writing = new Promise<string>((resolve) => {
      const watcher = watch(dataDir, { recursive: true }, (_event, name) => {
        if (name?.includes(target.id)) {
          watcher.close();
          resolve(name);
        }
      });
    });
    await publish(target.id);
    const first = await Promise.race([writing, server.exited(20_000).then(() => 'exited')]);
    server.child.kill('SIGKILL');
    expect(await server.exited(10_000)).toBe('SIGKILL');
    expect(first).toContain(target.id);

    // Whatever the kill left, add the worst a kill or a cut-short copy can leave: the new release's light snapshot
    // and search index torn in half under their final names, and a writer's temporary file.
    const whole = join(root, 'whole');
    await writeReleaseSnapshot(store, whole, target.id);
    await persistSearchIndex(store, target.id, whole, searchCatalog());
    const torn = [
      [snapshotPath(whole, target.id), snapshotPath(dataDir, target.id)],
      [searchIndexPath(searchIndexDirOf(whole), target.id), searchIndexPath(searchIndexDirOf(dataDir), target.id)],
    ] as const;
    for (const [from, to] of torn) {
      await copyFile(from, to);
      await truncate(to, Math.floor((await stat(from)).size / 2));
    }
    const leftover = `${snapshotPath(dataDir, target.id)}.${killedPid}.tmp`;
    await copyFile(snapshotPath(dataDir, target.id), leftover);

    await startServer();
    const meta = await getJson('/v1/meta');
    expect(meta.body.snapshot).toBe(target.id);
    expect((await getJson('/readyz')).body).toMatchObject({ status: 'ready', release_id: target.id });
    const { lat, lon } = meta.body.example_point;
    const nearby = await getJson(`/v1/scenes/nearby?lat=${lat}&lon=${lon}&radius_m=1000&limit=5`);
    expect(nearby.status).toBe(200);
    expect(nearby.body.snapshot).toBe(target.id);
    expect(nearby.body.count).toBeGreaterThan(0);
    const init = { method: 'POST', headers: { 'content-type': 'application/json' } };
    const search = await checkedFetch(`${url}/explore/api/search`, {
      ...init,
      body: JSON.stringify({ query: '住宅街の生活道路', limit: 3 }),
    });
    expect(search.status).toBe(200);
    expect(((await search.json()) as any).source_release).toBe(target.id);

    // The torn files were refused, read again from the store and rewritten whole; the temporary files are gone.
    const light = server.logs.find((entry) => entry.msg === 'light snapshot not used: reading the store');
    expect(light).toMatchObject({ path: torn[0][1], reason: expect.any(String) });
    const index = server.logs.find(
      (entry) => entry.msg === 'search index file not usable; rebuilding it from the store',
    );
    expect(index?.path).toBe(torn[1][1]);
    const key = { release_id: target.id, ingested_at: (await getRelease(store, target.id))?.ingested_at as string };
    const rewritten = async () => {
      const read = await readLightSnapshot(torn[0][1], key);
      const index = await loadCorpus(torn[1][1], searchCatalog(), { releaseId: target.id }).catch(() => null);
      return read.light !== null && (index?.size ?? 0) > 0;
    };
    await until(rewritten, 20_000);
    await until(async () => !existsSync(leftover), 20_000);
    for (const folder of ['snapshots', 'search-index']) {
      const names = await readdir(join(dataDir, folder));
      expect(names.filter((name) => name.includes(`.${killedPid}.`))).toEqual([]);
    }
  }, 120_000);

  it('loses nothing when an ingest beside the server is killed mid-way: the release can be ingested again', async () => {
    const big = (await later)[2] as Release;
    const ingest = spawn(node, ['scripts/ingest.ts', big.dir], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: join(root, 'ingest-data'), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // Killed once a first table is in (the transaction is open): non-TTY progress prints a line per finished table.
    const killed = new Promise<string>((resolve, reject) => {
      let stderr = '';
      const timer = setTimeout(() => reject(new Error(`no table finished within 60 s: ${stderr}`)), 60_000);
      ingest.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        if (/^\w+ +\[#+\] /m.test(stderr) && ingest.kill('SIGKILL')) clearTimeout(timer);
      });
      ingest.once('exit', (_code, signal) => {
        clearTimeout(timer);
        if (signal === 'SIGKILL') resolve(stderr);
        else reject(new Error(`the ingest ended (${signal}) before it was killed: ${stderr}`));
      });
    });
    expect(await killed).not.toMatch(/^ingested release/m);
    expect((await listReleases(store)).map((release) => release.release_id)).not.toContain(big.id);
    const meta = await getJson('/v1/meta');
    expect(meta.body.snapshot).toBe((await later)[1]?.id);
    const again = await ingestRelease(store, big.dir);
    expect(again.releaseId).toBe(big.id);
    expect(again.status).toBe('staged');
  }, 90_000);
});
