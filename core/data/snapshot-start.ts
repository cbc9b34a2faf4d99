// A start whose PostgreSQL is unreachable: the release the last start served is rebuilt from DATA_DIR alone (its
// saved record, light and cards snapshots; the search index file loads on its own), so the in-memory faces answer
// while store-backed requests answer 503 until the store's probe finds the database (health.ts). Without a usable
// snapshot the start stops with one line saying what to do.
import type { Logger } from '../log.ts';
import { getRelease, getServedRelease, type Store } from '../store/index.ts';
import { loadCardsRetrying } from './cards-retry.ts';
import { readLightSnapshot, snapshotPath } from './light-snapshot.ts';
import { readServedRecord } from './served-record.ts';
import { buildServedRelease, type ServedRelease } from './served-release.ts';
import { noTimer, type StartupTimer } from './startup-timer.ts';

/** A start that cannot go on, for one line on stderr (no stack: nothing in the code is wrong). */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** Where the database is, without credentials, for messages. */
export function databaseHostOf(databaseUrl: string | null | undefined): string {
  try {
    return new URL(databaseUrl ?? '').host || 'localhost';
  } catch {
    return 'the DATABASE_URL host';
  }
}

export interface SnapshotStartInput {
  store: Store;
  dataDir: string;
  databaseUrl: string | null | undefined;
  log: Logger;
  timer?: StartupTimer;
}

export async function serveFromSnapshots(input: SnapshotStartInput): Promise<ServedRelease> {
  const { store, dataDir, log, timer = noTimer } = input;
  const started = performance.now();
  const unusable = (reason: string) =>
    new StartupError(
      `database unreachable at start (${databaseHostOf(input.databaseUrl)}: ${store.health.snapshot().reason ?? 'no answer'}) ` +
        `and DATA_DIR ${dataDir} holds no usable snapshot (${reason}): start the database or fix DATABASE_URL; ` +
        'a start that reaches it writes the snapshots a later outage can start from',
    );
  const saved = await readServedRecord(dataDir);
  if (!saved.record) throw unusable(saved.reason);
  const { record } = saved;
  const key = { release_id: record.release_id, ingested_at: record.ingested_at };
  const read = await timer.time('read_snapshot', () =>
    readLightSnapshot(snapshotPath(dataDir, record.release_id), key),
  );
  if (!read.light) throw unusable(`light snapshot of ${record.release_id}: ${read.reason}`);
  const light = read.light;
  const release = await timer.time('build_indexes', () => buildServedRelease(record, store, light, started));
  // Before listening, unlike a start that reaches the database: nearby's only other source of pages is the store,
  // which is down, so a request that came before the card records would answer the outage instead of the snapshot.
  // Without a current cards snapshot the store is read, which fails while it is down: tried again once it answers.
  await loadCardsRetrying(release, { snapshotDir: dataDir, log, timer });
  log.warn(
    { release_id: record.release_id, data_dir: dataDir, reason: store.health.snapshot().reason },
    `database unreachable at start: serving release ${record.release_id} from snapshots in ${dataDir}; ` +
      'store-backed requests answer 503 until it returns',
  );
  store.health.once('change', () => void checkReturnedDatabase(store, release, log));
  return release;
}

/**
 * Once the database answers: does it hold the release served from snapshots, and is that still the one it serves?
 * A difference is logged; the release watcher (live-release/) then switches to what the database serves.
 */
async function checkReturnedDatabase(store: Store, release: ServedRelease, log: Logger): Promise<void> {
  const { release_id, ingested_at } = release.record;
  try {
    const [stored, served] = await Promise.all([getRelease(store, release_id), getServedRelease(store)]);
    if (!stored || stored.ingested_at !== ingested_at) {
      log.error(
        { release_id, ingested_at, stored_ingested_at: stored?.ingested_at ?? null },
        'the database does not hold the release served from snapshots: store-backed requests may fail; restart',
      );
    } else if (served?.release_id !== release_id) {
      log.warn(
        { release_id, database_serves: served?.release_id ?? null },
        'the database serves another release: this replica switches to it once loaded and checked',
      );
    } else {
      log.info({ release_id }, 'database reached: it holds the release served from snapshots');
    }
  } catch (error) {
    log.warn({ err: error, release_id }, 'could not check the returned database for the served release');
  }
}
