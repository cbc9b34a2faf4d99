import { join } from 'node:path';
import type { Config } from '../config.ts';
import { generateDemoRelease } from '../demo/generate.ts';
import type { Logger } from '../log.ts';
import { createProgressPrinter, ensureServedRelease } from '../release/ingest.ts';
import { openStore, type Store, type StoreOptions } from '../store/index.ts';
import { pruneReleaseFilesAfter } from './prune-release-files.ts';
import { writeServedRecord } from './served-record.ts';
import { loadServedRelease, type ServedRelease } from './served-release.ts';
import { serveFromSnapshots } from './snapshot-start.ts';
import { noTimer, type StartupTimer } from './startup-timer.ts';

// Start-up data path: open the configured store; when nothing is served yet (a fresh DATA_DIR or an empty
// database), generate the deterministic demo city and ingest it, with progress on stderr; then build the indexes.
// When PostgreSQL cannot be reached, the release the last start served comes from its snapshots (snapshot-start.ts).

export { StartupError } from './snapshot-start.ts';

export function storeOptionsOf(config: Config): StoreOptions {
  return config.databaseUrl
    ? { databaseUrl: config.databaseUrl, timeoutMs: config.storeTimeoutMs }
    : { dataDir: config.dataDir };
}

async function makeDemoRelease(config: Config, log: Logger): Promise<string> {
  const out = join(config.dataDir, 'releases', `demo-s${config.demoSeed}-n${config.demoScenes}`);
  log.info(
    { scenes: config.demoScenes, seed: config.demoSeed, out },
    'no release is served yet: generating the demo city',
  );
  let lastShown = 0;
  const result = await generateDemoRelease({
    scenes: config.demoScenes,
    seed: config.demoSeed,
    out,
    force: true,
    onProgress: (done, total) => {
      const now = Date.now();
      if (now - lastShown < 500 && done < total) return;
      lastShown = now;
      process.stderr.write(`demo city: ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} scenes\r`);
    },
  });
  process.stderr.write('\n');
  return result.dir;
}

export interface OpenOptions {
  /** Logs each start-up phase (npm start); by default nothing is measured. */
  timer?: StartupTimer;
  /**
   * Where the light snapshot lives (light-snapshot.ts). npm start passes DATA_DIR on both stores (beside the search
   * index); by default the PGlite data folder, and none on PostgreSQL, so test runs leave no files behind.
   */
  snapshotDir?: string | null;
  /**
   * Work that may finish after listening (see LoadOptions.background). Given (npm start), the start also deletes the
   * snapshot and search-index files of releases no longer in the store or withdrawn (prune-release-files.ts), in
   * snapshotDir, once the served release's snapshot is written.
   */
  background?: (task: Promise<void>) => void;
}

export async function openServedRelease(
  config: Config,
  log: Logger,
  storeOptions: StoreOptions = storeOptionsOf(config),
  options: OpenOptions = {},
): Promise<{ store: Store; release: ServedRelease }> {
  const { timer = noTimer, snapshotDir = storeOptions.dataDir ?? null } = options;
  // Only a start that keeps snapshots can serve without the database; any other fails to open.
  const startWhenUnreachable = Boolean(storeOptions.databaseUrl && snapshotDir);
  const store = await timer.time('open_store', () => openStore({ ...storeOptions, startWhenUnreachable }));
  // One line per change, not per failed request: the store says when it goes down and when it is back.
  store.health.on('change', (change) => {
    if (change.state === 'down')
      log.warn({ reason: change.reason }, 'store unavailable: store-backed requests answer 503');
    else log.info('store available again');
  });
  const { background } = options;
  try {
    if (!store.health.isUp && snapshotDir) {
      const { databaseUrl } = storeOptions;
      const release = await serveFromSnapshots({ store, dataDir: snapshotDir, databaseUrl, log, timer, background });
      return { store, release };
    }
    const { ingested } = await timer.time('find_release', () =>
      ensureServedRelease(store, {
        makeRelease: () => makeDemoRelease(config, log),
        onProgress: createProgressPrinter(),
      }),
    );
    if (ingested) log.info({ release_id: ingested.releaseId }, 'demo release ingested');
    const snapshotWrites: Promise<void>[] = [];
    const keep = (task: Promise<void>) => {
      snapshotWrites.push(task);
      background?.(task);
    };
    const release = await loadServedRelease(store, {
      timer,
      log,
      snapshotDir,
      ...(background ? { background: keep } : {}),
    });
    if (!release) throw new Error('no published or staged release is in the store; run npm run ingest -- <folder>');
    if (snapshotDir) {
      // The record last: a start without the database serves it only with its snapshots in place.
      const recordWrite = Promise.all(snapshotWrites)
        .then(() => writeServedRecord(snapshotDir, release.record))
        .catch((error: unknown) => log.warn({ err: error }, 'could not save the served release record'));
      if (background) background(recordWrite);
      else await recordWrite;
    }
    if (background && snapshotDir) {
      background(pruneReleaseFilesAfter(snapshotWrites, { dataDir: snapshotDir, store, release, log }));
    }
    log.info(
      { release_id: release.record.release_id, scenes: release.scenes.light.count, ms: release.loadedInMs },
      'release loaded and indexed',
    );
    return { store, release };
  } catch (error) {
    await store.close();
    throw error;
  }
}
