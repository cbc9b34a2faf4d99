/**
 * The embedded default start (core/data/bootstrap.ts openServedRelease): on an empty DATA_DIR it generates the demo
 * city, ingests it into PGlite with progress on stderr and serves it; the next start on that DATA_DIR reuses the
 * store without generating again.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../../core/config.ts';
import { openServedRelease } from '../../../core/data/bootstrap.ts';
import type { ServedRelease } from '../../../core/data/served-release.ts';
import { demoReleaseId, groundTruthPathFor } from '../../../core/demo/generate.ts';
import { createLogger } from '../../../core/log.ts';
import { readManifest } from '../../../core/release/read.ts';
import { RELEASE_TABLES } from '../../../core/release/tables.ts';
import type { Manifest } from '../../../core/release/types.ts';
import { DataDirLockedError } from '../../../core/store/data-dir-lock.ts';
import type { Store } from '../../../core/store/index.ts';
import { captureLog } from '../../helpers/captured-log.ts';

const DEMO_SCENES = 100; // the smallest DEMO_SCENES the config accepts
const DEMO_SEED = 3;

const dataDir = await mkdtemp(join(tmpdir(), 'machimi-bootstrap-'));
const config = parseConfig({
  DATA_DIR: dataDir,
  DEMO_SCENES: String(DEMO_SCENES),
  DEMO_SEED: String(DEMO_SEED),
  LOG_LEVEL: 'info',
});
const releaseDir = join(dataDir, 'releases', `demo-s${DEMO_SEED}-n${DEMO_SCENES}`);
const stores: Store[] = [];

afterAll(async () => {
  for (const store of stores) await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Start {
  store: Store;
  release: ServedRelease;
  logs: Record<string, unknown>[];
  stderr: string[];
}

/** openServedRelease as npm start calls it on the embedded store, with its log lines and stderr kept. */
async function start(): Promise<Start> {
  const { log, lines: logs } = captureLog([], config);
  const stderr: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: string | Uint8Array) => {
    stderr.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }) as typeof process.stderr.write);
  try {
    const { store, release } = await openServedRelease(config, log);
    stores.push(store);
    return { store, release, logs, stderr };
  } finally {
    spy.mockRestore();
  }
}

const messages = (logs: Record<string, unknown>[]) => logs.map((line) => String(line.msg));

function closeStore(store: Store): Promise<void> {
  stores.splice(stores.indexOf(store), 1);
  return store.close();
}

describe('openServedRelease on an empty DATA_DIR (embedded PGlite)', () => {
  let first: Start;
  let manifest: Manifest;
  let manifestWrittenAt: number;

  it('generates the demo city under DATA_DIR/releases with progress on stderr, ingests it and serves it', async () => {
    expect(config.dataDir).toBe(dataDir);
    expect(config.databaseUrl).toBeNull();
    expect(await readdir(dataDir)).toEqual([]);
    first = await start();
    const releaseId = demoReleaseId(DEMO_SEED, DEMO_SCENES);
    expect(releaseId).toContain('synthetic');

    // The demo release folder, its ground truth beside it (never inside), and the store.
    expect(await readdir(join(dataDir, 'releases'))).toEqual(
      [`demo-s${DEMO_SEED}-n${DEMO_SCENES}`, `demo-s${DEMO_SEED}-n${DEMO_SCENES}.ground-truth.ndjson.gz`].sort(),
    );
    expect(existsSync(groundTruthPathFor(releaseDir))).toBe(true);
    manifest = await readManifest(releaseDir);
    expect(manifest.release_id).toBe(releaseId);
    expect(manifest.synthetic).toBe(true);
    expect(manifest.row_counts.scenes).toBe(DEMO_SCENES);
    manifestWrittenAt = (await stat(join(releaseDir, 'manifest.json'))).mtimeMs;
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);

    const said = messages(first.logs);
    expect(said).toContain('no release is served yet: generating the demo city');
    expect(first.logs.find((l) => String(l.msg).startsWith('no release is served yet'))).toMatchObject({
      scenes: DEMO_SCENES,
      seed: DEMO_SEED,
      out: releaseDir,
    });
    expect(first.logs.find((l) => l.msg === 'demo release ingested')).toMatchObject({ release_id: releaseId });
    expect(first.logs.find((l) => l.msg === 'release loaded and indexed')).toMatchObject({
      release_id: releaseId,
      scenes: DEMO_SCENES,
    });
    // Generated before it was ingested, ingested before it was served.
    expect(said.indexOf('no release is served yet: generating the demo city')).toBeLessThan(
      said.indexOf('demo release ingested'),
    );
    expect(said.indexOf('demo release ingested')).toBeLessThan(said.indexOf('release loaded and indexed'));

    // stderr (not a terminal here): each step in words, the generator's closing line, then one finished bar per table
    // of the ingest, and no carriage returns.
    const err = first.stderr.join('');
    expect(err).toContain('machimi: generating the demo city\n');
    expect(err).toMatch(new RegExp(`\n  ${DEMO_SCENES} scenes written to \\S+ in \\d+\\.\\d s\n`));
    expect(err).not.toContain('\r');
    for (const table of RELEASE_TABLES) {
      const n = manifest.row_counts[table].toLocaleString('en-US');
      expect(err, table).toMatch(new RegExp(`${table} +\\[#{24}\\] ${n}/${n} +100% [0-9,]+ rows/s`));
    }
    expect(err.indexOf('machimi: generating the demo city')).toBeLessThan(err.search(/scenes +\[/));
    expect(err.search(/scenes +\[/)).toBeLessThan(err.indexOf('machimi: loading the release into memory'));

    // The served release is the demo city: every generated scene is in the light columns; the quarantined ones
    // (max(4, 0.4 %) of them, plan.ts) are not indexed.
    const { release } = first;
    expect(release.record.release_id).toBe(releaseId);
    expect(release.manifest.release_id).toBe(releaseId);
    expect(release.scenes.light.count).toBe(DEMO_SCENES);
    const quarantined = manifest.counts.quarantined_total ?? 0;
    expect(quarantined).toBeGreaterThanOrEqual(4);
    expect(release.scenes.rowOf.length).toBe(DEMO_SCENES - quarantined);
    expect(release.edges.rows.length).toBe(manifest.row_counts.edges);
    expect(release.edges.rows.length).toBeGreaterThan(0);
  }, 90_000);

  it('refuses a second store on the same DATA_DIR while the first is open', async () => {
    expect(first).toBeDefined();
    await expect(openServedRelease(config, createLogger({ logLevel: 'silent' }))).rejects.toBeInstanceOf(
      DataDirLockedError,
    );
    // Refused before anything was generated again.
    expect((await stat(join(releaseDir, 'manifest.json'))).mtimeMs).toBe(manifestWrittenAt);
  });

  it('on the next start reuses the store: no generation, no ingest, the same release served', async () => {
    expect(first).toBeDefined();
    await closeStore(first.store);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
    const second = await start();
    const said = messages(second.logs);
    expect(said).not.toContain('no release is served yet: generating the demo city');
    expect(said).not.toContain('demo release ingested');
    expect(second.logs.find((l) => l.msg === 'release loaded and indexed')).toMatchObject({
      release_id: first.release.record.release_id,
      scenes: DEMO_SCENES,
    });
    const err = second.stderr.join('');
    expect(err).not.toContain('demo city:');
    expect(err).not.toMatch(/rows\/s/);
    // The release folder was not rewritten (generation replaces it with force).
    expect((await stat(join(releaseDir, 'manifest.json'))).mtimeMs).toBe(manifestWrittenAt);
    expect(await readdir(join(dataDir, 'releases'))).toHaveLength(2);
    expect(second.release.record.release_id).toBe(first.release.record.release_id);
    expect(second.release.record.ingested_at).toEqual(first.release.record.ingested_at);
    expect(second.release.scenes.light.count).toBe(DEMO_SCENES);
    expect(Array.from(second.release.scenes.light.ids)).toEqual(Array.from(first.release.scenes.light.ids));
  });
});
