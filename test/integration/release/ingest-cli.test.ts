import { type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoResult, generateDemoRelease } from '../../../core/demo/generate.ts';
import { ingestRelease } from '../../../core/release/ingest.ts';
import { RELEASE_TABLES } from '../../../core/release/tables.ts';
import { openStore } from '../../../core/store/open.ts';
import { getRelease, getServedRelease, listReleases } from '../../../core/store/releases.ts';
import { buildFixtureManifest, writeFixtureRelease } from '../../unit/release/fixture-release.ts';
import { FIXTURE_ROWS } from '../../unit/release/fixture-rows.ts';

// `npm run ingest -- <folder>` (scripts/ingest.ts) as a user runs it: a child process, PGlite in a temporary DATA_DIR.
// Every spawn that opens the store costs a few seconds, so one DATA_DIR is shared by the cases in order: a good
// release, the same release again, then a release with a bad row; the store is inspected at the end.

const root = fileURLToPath(new URL('../../../', import.meta.url));
// The scripts are TypeScript run by Node's type stripping; a vitest started by an older `node` on PATH falls back to
// the project's own Node.
const node = process.features.typescript ? process.execPath : join(root, 'node_modules/.bin/node');
const usage = 'usage: npm run ingest -- <release folder>';
const spawnTimeoutMs = 90_000;
const slow = 120_000;

const cleanup: string[] = [];
let base: string;
let dataDir: string;
let demo: DemoResult;

function ingest(args: string[], into = dataDir): SpawnSyncReturns<string> {
  const result = spawnSync(node, ['scripts/ingest.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: spawnTimeoutMs,
    env: { ...process.env, DATA_DIR: into, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  });
  if (result.error) throw result.error;
  return result;
}

/** Names what ran, so a failing assertion on the exit status shows the child's output. */
function described(result: SpawnSyncReturns<string>): string {
  return `exit ${result.status} (signal ${result.signal})\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'machimi-ingest-cli-'));
  cleanup.push(base);
  dataDir = join(base, 'data');
  demo = await generateDemoRelease({ scenes: 200, seed: 3, out: join(base, 'release') });
});

afterAll(async () => {
  for (const dir of cleanup.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('ingest CLI: arguments', () => {
  it.each([['--help'], ['-h'], ['some/folder', '--help']])('%s prints the usage on stdout and exits 0', (...args) => {
    const result = ingest(args);
    expect(result.status, described(result)).toBe(0);
    expect(result.stdout).toBe(`${usage}\n`);
    expect(result.stderr).toBe('');
  });

  it.each([[[]], [['one', 'two']], [['one', 'two', 'three']]])(
    'refuses %j with exit 2 and the usage on stderr, without opening the store',
    (args) => {
      const result = ingest(args);
      expect(result.status, described(result)).toBe(2);
      expect(result.stderr).toBe(`${usage}\n`);
      expect(result.stdout).toBe('');
      expect(existsSync(dataDir)).toBe(false);
    },
  );
});

describe('ingest CLI: loading releases into PGlite', () => {
  it(
    'ingests a good release: exit 0, a progress line per table, the release named, snapshot and index written',
    () => {
      const result = ingest([demo.dir]);
      expect(result.status, described(result)).toBe(0);
      expect(result.stdout).toBe('');
      const err = result.stderr;
      expect(err).toContain(`ingesting ${resolve(demo.dir)} into PGlite in ${resolve(dataDir)}\n`);
      // Not a terminal: one finished line per table, with its rows against the manifest's count.
      for (const table of RELEASE_TABLES) {
        const rows = demo.rowCounts[table].toLocaleString('en-US');
        expect(err).toMatch(
          new RegExp(`^${table} +\\[#{24}\\] ${rows}/${rows} 100% [0-9,]+ rows/s in \\d+\\.\\d s$`, 'm'),
        );
      }
      expect(err).not.toContain('\r');
      const total = Object.values(demo.rowCounts).reduce((sum, n) => sum + n, 0);
      expect(err).toMatch(
        new RegExp(
          `^ingested release ${demo.releaseId} \\(published\\): ${total.toLocaleString('en-US')} rows in \\d+\\.\\d s`,
          'm',
        ),
      );
      expect(err).toMatch(/^start-up snapshots written to /m);
      expect(err).toMatch(/^search index of [0-9,]+ observations built in /m);
      expect(err).not.toMatch(/was not written/);
      for (const file of [
        join(dataDir, 'snapshots', `${demo.releaseId}.light.bin`),
        join(dataDir, 'search-index', `${demo.releaseId}.bin`),
      ]) {
        expect(existsSync(file), file).toBe(true);
        expect(statSync(file).size, file).toBeGreaterThan(0);
      }
    },
    slow,
  );

  it(
    'refuses the same release a second time: exit 1 and one "ingest failed:" message',
    () => {
      const result = ingest([demo.dir]);
      expect(result.status, described(result)).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(
        `\ningest failed: release ${demo.releaseId} is already in the store; a release is immutable, so ingest it ` +
          'under a new release_id (or into another, empty store: a fresh DATA_DIR or database)\n',
      );
      expect(result.stderr).not.toContain('ingested release');
      expect(result.stderr).not.toMatch(/^\s+at /m);
    },
    slow,
  );

  const badReleaseId = buildFixtureManifest(false).release_id;

  it(
    'refuses a release with one bad row: exit 1, the message names file, line and field',
    async () => {
      const scene = FIXTURE_ROWS.scenes[0] as unknown as Record<string, unknown>;
      // Line 1 is valid; line 2 has lat as a string.
      const lines = `${JSON.stringify(scene)}\n${JSON.stringify({ ...scene, id: '9007199254740993002', lat: '34.65' })}\n`;
      const bad = await writeFixtureRelease({ lines: { scenes: lines } });
      cleanup.push(bad.dir);
      bad.manifest.row_counts.scenes = 2;
      await writeFile(join(bad.dir, 'manifest.json'), JSON.stringify(bad.manifest));
      expect(bad.manifest.release_id).toBe(badReleaseId);
      expect(badReleaseId).not.toBe(demo.releaseId);

      const result = ingest([bad.dir]);
      expect(result.status, described(result)).toBe(1);
      expect(result.stderr).toMatch(/\ningest failed: scenes\.ndjson line 2: \/lat must be number\n/);
      expect(result.stderr).not.toContain('ingested release');
      expect(result.stderr).not.toMatch(/^\s+at /m);
    },
    slow,
  );

  it(
    'leaves the store as it was: the first release stored and served, nothing of the refused one',
    async () => {
      const store = await openStore({ dataDir });
      try {
        expect((await getServedRelease(store))?.release_id).toBe(demo.releaseId);
        expect((await listReleases(store)).map((r) => r.release_id)).toEqual([demo.releaseId]);
        expect(await getRelease(store, badReleaseId)).toBeNull();
        // The generations table is loaded before the bad scenes file is read: its row must have been rolled back.
        for (const table of RELEASE_TABLES) {
          const [bad] = await store.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM ${table} WHERE release_id = $1`,
            [badReleaseId],
          );
          expect(bad?.n, table).toBe(0);
          const [kept] = await store.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM ${table} WHERE release_id = $1`,
            [demo.releaseId],
          );
          expect(kept?.n, table).toBe(demo.rowCounts[table]);
        }
      } finally {
        await store.close();
      }
    },
    slow,
  );
});

describe('ingest CLI: killed mid-way', () => {
  it(
    'leaves the PGlite folder as it was: it opens, holds nothing of that release, and takes it whole next time',
    async () => {
      const second = await generateDemoRelease({ scenes: 200, seed: 4, out: join(base, 'second') });
      const child = spawn(node, ['scripts/ingest.ts', second.dir], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      // Killed once a first table is loaded, inside the ingest's transaction (a line per finished table).
      const stderr = await new Promise<string>((resolve, reject) => {
        let text = '';
        const timer = setTimeout(() => child.kill('SIGKILL'), spawnTimeoutMs);
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
          if (/^\w+ +\[#+\] /m.test(text)) child.kill('SIGKILL');
        });
        child.once('exit', (_code, signal) => {
          clearTimeout(timer);
          if (signal === 'SIGKILL' && !/^ingested release/m.test(text)) resolve(text);
          else reject(new Error(`the ingest was not killed mid-way (${signal}): ${text}`));
        });
      });
      expect(stderr).toMatch(/^generations +\[#+\] /m);

      // In process from here: the folder opens (PGlite recovers it, the dead holder's lock is taken over).
      const store = await openStore({ dataDir });
      try {
        expect((await listReleases(store)).map((r) => r.release_id)).toEqual([demo.releaseId]);
        expect((await getServedRelease(store))?.release_id).toBe(demo.releaseId);
        await ingestRelease(store, second.dir);
        const [scenes] = await store.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM scenes WHERE release_id = $1',
          [second.releaseId],
        );
        expect(scenes?.n).toBe(second.rowCounts.scenes);
      } finally {
        await store.close();
      }
    },
    slow,
  );
});
