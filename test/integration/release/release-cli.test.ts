import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateDemoRelease } from '../../../core/demo/generate.ts';
import { ingestRelease } from '../../../core/release/ingest.ts';
import { openStore } from '../../../core/store/open.ts';
import { getServedRelease } from '../../../core/store/releases.ts';
import { type ServerProcess, startServerProcess } from '../../helpers/server-process.ts';
import { checkedFetch } from '../../helpers/spec-check.ts';

// `npm run release` as an operator runs it on the embedded store (PGlite): a child process on a copy of the
// integration run's data folder (release R1) to which a newer published demo release (R2) is added. While a server
// holds the folder the command refuses in one line naming the server's pid; once it is stopped the command
// withdraws R2 (the rollback) and the next start serves R1. The PostgreSQL side of the command is
// release-status.test.ts; this file needs a PGlite folder to copy, so it runs in the PGlite stage only.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const node = process.features.typescript ? process.execPath : join(root, 'node_modules/.bin/node');
const slow = 180_000;
const ingested = inject('testStore').dataDir;

let base: string;
let dataDir: string;
let r1: string;
let r2: string;
let server: ServerProcess | undefined;

function release(args: string[]): SpawnSyncReturns<string> {
  const result = spawnSync(node, ['scripts/release.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  });
  if (result.error) throw result.error;
  return result;
}

const described = (result: SpawnSyncReturns<string>) =>
  `exit ${result.status}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;

async function servedSnapshot(url: string): Promise<unknown> {
  const response = await checkedFetch(`${url}/v1/meta`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { snapshot: unknown }).snapshot;
}

describe.skipIf(!ingested)('release CLI on the embedded store', () => {
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'machimi-release-cli-'));
    dataDir = join(base, 'data');
    await cp(ingested as string, dataDir, { recursive: true });
    const demo = await generateDemoRelease({ scenes: 200, seed: 3, out: join(base, 'r2') });
    const store = await openStore({ dataDir });
    try {
      r1 = (await getServedRelease(store))?.release_id as string;
      await ingestRelease(store, demo.dir);
      r2 = demo.releaseId;
    } finally {
      await store.close();
    }
  }, slow);

  afterAll(async () => {
    await server?.stop();
    await rm(base, { recursive: true, force: true });
  });

  it(
    'list names both releases, the served one and why; --json says the same for scripts',
    () => {
      const text = release(['list']);
      expect(text.status, described(text)).toBe(0);
      expect(text.stdout).toMatch(new RegExp(`^served: ${r2} \\(latest published\\)\n`));
      expect(text.stdout).toMatch(new RegExp(`^\\* +${r2} +published `, 'm'));
      expect(text.stdout).toMatch(new RegExp(`^ +${r1} +published `, 'm'));
      const json = release(['list', '--json']);
      expect(json.status, described(json)).toBe(0);
      const listing = JSON.parse(json.stdout) as { served: unknown; releases: { release_id: string }[] };
      expect(listing.served).toEqual({ release_id: r2, reason: 'latest published' });
      expect(listing.releases.map((r) => r.release_id).sort()).toEqual([r1, r2].sort());
    },
    slow,
  );

  it(
    'a refused transition exits 1 with one line naming the current state',
    () => {
      const result = release(['stage', r2]);
      expect(result.status, described(result)).toBe(1);
      expect(result.stderr).toBe(
        `release failed: release ${r2} is published; cannot stage it (allowed from published: withdraw)\n`,
      );
      expect(result.stdout).toBe('');
    },
    slow,
  );

  it(
    'refuses while a server holds the folder, naming its pid; after a stop the rollback is served at the next start',
    async () => {
      server = await startServerProcess({ dataDir });
      expect(await servedSnapshot(server.url)).toBe(r2);
      const refused = release(['withdraw', r2]);
      expect(refused.status, described(refused)).toBe(1);
      expect(refused.stderr).toBe(
        `release failed: the data folder ${dataDir} is in use by a running server (process ${server.child.pid}); ` +
          'stop it, run this command, then start it again (switching without a restart needs PostgreSQL: ' +
          'docs/DEPLOY.md)\n',
      );
      await server.stop(10_000);
      server = undefined;

      const done = release(['withdraw', r2]);
      expect(done.status, described(done)).toBe(0);
      expect(done.stdout).toBe(
        `withdrew release ${r2} (was published)\nserved: ${r1} (latest published)\n` +
          'embedded store: the server serves by the rule at its next start\n',
      );
      server = await startServerProcess({ dataDir });
      expect(await servedSnapshot(server.url)).toBe(r1);
    },
    slow,
  );
});
