import type { Logger } from '../log.ts';
import { loadSceneCardColumns, type SceneCardColumns, type Store } from '../store/index.ts';
import { cardsSnapshotPath, readCardsSnapshot, writeCardsSnapshot } from './cards-snapshot.ts';
import type { SnapshotKey } from './light-snapshot.ts';
import type { ServedRelease } from './served-release.ts';
import { noTimer, type StartupTimer } from './startup-timer.ts';

// Fills a served release's card columns (release.scenes.cards): from their snapshot in DATA_DIR when it is current,
// else from the store, then the snapshot is rewritten. Until they are in, nearby reads its page from the store.

export interface CardsLoadOptions {
  snapshotDir: string | null;
  log?: Logger;
  timer?: StartupTimer;
}

export async function loadReleaseCards(release: ServedRelease, options: CardsLoadOptions): Promise<void> {
  const { snapshotDir, log, timer = noTimer } = options;
  const { record } = release;
  const key: SnapshotKey = { release_id: record.release_id, ingested_at: record.ingested_at };
  const path = snapshotDir ? cardsSnapshotPath(snapshotDir, record.release_id) : null;
  if (path) {
    const read = await timer.time('read_cards_snapshot', () => readCardsSnapshot(path, key));
    if (read.cards) {
      release.scenes.cards = read.cards;
      return;
    }
    log?.info({ path, reason: read.reason }, 'cards snapshot not used: reading the store');
  }
  const { ids, generationIds } = release.scenes.light;
  const cards = await timer.time('read_cards', () =>
    loadSceneCardColumns(release.store, record.release_id, ids, generationIds),
  );
  release.scenes.cards = cards;
  if (path) await writeCardsSnapshotQuietly(path, key, cards, log);
}

/** A cache: failing to write it (read-only folder, full disk) costs the next start time, nothing else. */
async function writeCardsSnapshotQuietly(
  path: string,
  key: SnapshotKey,
  cards: SceneCardColumns,
  log?: Logger,
): Promise<void> {
  try {
    await writeCardsSnapshot(path, key, cards);
  } catch (error) {
    log?.warn({ path, err: error }, 'could not write the cards snapshot');
  }
}

/** After ingest: writes the cards snapshot of a stored release (beside its light snapshot). */
export async function writeReleaseCardsSnapshot(
  store: Store,
  dataDir: string,
  key: SnapshotKey,
  light: { ids: readonly string[]; generationIds: readonly string[] },
): Promise<string> {
  const path = cardsSnapshotPath(dataDir, key.release_id);
  const cards = await loadSceneCardColumns(store, key.release_id, light.ids, light.generationIds);
  await writeCardsSnapshot(path, key, cards);
  return path;
}
