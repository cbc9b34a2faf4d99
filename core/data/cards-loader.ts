import type { Logger } from '../log.ts';
import { loadSceneCardColumns, type SceneLight, type Store } from '../store/index.ts';
import { type CardRecords, packCardRecords } from './card-records.ts';
import { cardsSnapshotPath, readCardsSnapshot, writeCardsSnapshot } from './cards-snapshot.ts';
import type { SnapshotKey } from './light-snapshot.ts';
import { noTimer, type StartupTimer } from './startup-timer.ts';
import type { ServedRelease } from './types.ts';

// Fills a served release's card records (release.scenes.cards): from their snapshot in DATA_DIR when it is current,
// else from the store's card columns, then the snapshot is rewritten. Until they are in (or when the release does
// not fit records: card-records.ts), nearby reads its page from the store.

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
  const { light } = release.scenes;
  if (path) {
    const read = await timer.time('read_cards_snapshot', () => readCardsSnapshot(path, key, light.ids));
    if (read.cards) {
      release.scenes.cards = read.cards;
      return;
    }
    log?.info({ path, reason: read.reason }, 'cards snapshot not used: reading the store');
  }
  const cards = await timer.time('read_cards', () => readCardRecords(release.store, record.release_id, light));
  if (typeof cards === 'string') {
    log?.warn({ reason: cards }, 'nearby pages are read from the store');
    return;
  }
  release.scenes.cards = cards;
  if (path) await writeCardsSnapshotQuietly(path, key, cards, log);
}

/** A cache: failing to write it (read-only folder, full disk) costs the next start time, nothing else. */
async function writeCardsSnapshotQuietly(
  path: string,
  key: SnapshotKey,
  cards: CardRecords,
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
  light: SceneLight,
): Promise<string | null> {
  const path = cardsSnapshotPath(dataDir, key.release_id);
  const cards = await readCardRecords(store, key.release_id, light);
  if (typeof cards === 'string') return null;
  await writeCardsSnapshot(path, key, cards);
  return path;
}

/** The records of a stored release, or why it does not fit records. */
async function readCardRecords(store: Store, releaseId: string, light: SceneLight): Promise<CardRecords | string> {
  const columns = await loadSceneCardColumns(store, releaseId, light.ids, light.generationIds);
  return packCardRecords(light, columns);
}
