import { join } from 'node:path';
import type { Config } from '../config.ts';
import { generateDemoRelease } from '../demo/generate.ts';
import type { Logger } from '../log.ts';
import { createStartupConsole, type StartupConsole } from '../ops/startup-console.ts';
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

async function makeDemoRelease(config: Config, log: Logger, say: StartupConsole): Promise<string> {
  const out = join(config.dataDir, 'releases', `demo-s${config.demoSeed}-n${config.demoScenes}`);
  log.info(
    { scenes: config.demoScenes, seed: config.demoSeed, out },
    'no release is served yet: generating the demo city',
  );
  const scenes = config.demoScenes.toLocaleString('en-US');
  say.step(
    `first start: no release is served yet, so the synthetic demo city 湊浜市 (${scenes} scenes, seed ` +
      `${config.demoSeed}) is generated, ingested and indexed. This takes a few minutes once; later starts take seconds.`,
  );
  say.step('generating the demo city');
  const result = await generateDemoRelease({
    scenes: config.demoScenes,
    seed: config.demoSeed,
    out,
    force: true,
    onProgress: (done, total) => say.progress(done, total, 'scenes'),
  });
  say.done(`${scenes} scenes written to ${out}`);
  say.step(`ingesting the demo release into the ${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'} store`);
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
  /** Where a first start says what it is doing (stderr by default). */
  say?: StartupConsole;
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
): Promise<{ store: Store; release: ServedRelease; ingested: boolean }> {
  const { timer = noTimer, snapshotDir = storeOptions.dataDir ?? null, say = createStartupConsole() } = options;
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
      const release = await serveFromSnapshots({ store, dataDir: snapshotDir, databaseUrl, log, timer });
      return { store, release, ingested: false };
    }
    const { ingested } = await timer.time('find_release', () =>
      ensureServedRelease(store, {
        makeRelease: () => makeDemoRelease(config, log, say),
        onProgress: createProgressPrinter(),
      }),
    );
    if (ingested) {
      log.info({ release_id: ingested.releaseId }, 'demo release ingested');
      say.step('loading the release into memory and writing its start-up snapshots');
    }
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
    return { store, release, ingested: ingested !== null };
  } catch (error) {
    await store.close();
    throw error;
  }
}
