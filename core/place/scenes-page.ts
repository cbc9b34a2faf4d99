import type { ServedRelease } from '../data/served-release.ts';
import { attachJson } from '../json/attached.ts';
import { getSceneCards, type SceneCard, type ScenePick } from '../store/index.ts';
import { itemFromColumns } from './scenes-columns.ts';
import { imagePageOf, makeImagePage, type SceneItem, toSceneItem, versionsOf } from './scenes-items.ts';
import { type PrintedItem, PrintedItemCache, printItems } from './scenes-printed.ts';
import type { SelectedScene } from './scenes-select.ts';

// The result items of a nearby page, in the selection's order, with their JSON attached (json/attached.ts) so the
// response copies bytes instead of printing them. Each item is taken from the printed-item cache, else made from the
// card columns in memory, else (before they are loaded) read from the store: one query for all misses of the page.

/** About 100 000 items of the demo city; at 1 M scenes a page's items fill in from memory in microseconds anyway. */
export const printedItemBudgetBytes = 64 * 1024 * 1024;

export interface PageSources {
  /** The item at distance 0 from memory, null when the scene has no readable verbalization; absent: not loaded. */
  fromColumns?: (row: number, generation: number) => SceneItem | null;
  /** Cards by key from the store (the misses of a page). */
  readCards: (picks: readonly ScenePick[]) => Promise<SceneCard[]>;
  pickOf: (scene: SelectedScene) => ScenePick;
  itemOfCard: (card: SceneCard) => SceneItem;
  cache: PrintedItemCache;
  /** Distinct key per scene row and generation. */
  keyOf: (scene: SelectedScene) => number;
}

async function printedItemsOf(sources: PageSources, scenes: readonly SelectedScene[]) {
  const { cache, fromColumns } = sources;
  const printed: (PrintedItem | undefined)[] = scenes.map((scene) => cache.get(sources.keyOf(scene)));
  const missing = scenes.flatMap((_, index) => (printed[index] ? [] : [index]));
  if (missing.length === 0) return printed;
  const found: { index: number; item: SceneItem }[] = [];
  if (fromColumns) {
    for (const index of missing) {
      const scene = scenes[index] as SelectedScene;
      const item = fromColumns(scene.row, scene.generation);
      if (item) found.push({ index, item });
    }
  } else {
    const cards = await sources.readCards(missing.map((index) => sources.pickOf(scenes[index] as SelectedScene)));
    const byKey = new Map(cards.map((card) => [`${card.id}\u0000${card.generation_id}`, card]));
    for (const index of missing) {
      const pick = sources.pickOf(scenes[index] as SelectedScene);
      const card = byKey.get(`${pick.sceneId}\u0000${pick.generationId}`);
      // A card without its verbalization is a data inconsistency: serve nothing for it and do not remember it.
      if (card && card.generation_id !== null && card.summary !== null) {
        found.push({ index, item: sources.itemOfCard(card) });
      }
    }
  }
  printItems(found.map((entry) => entry.item)).forEach((entry, at) => {
    const { index } = found[at] as { index: number };
    cache.set(sources.keyOf(scenes[index] as SelectedScene), entry);
    printed[index] = entry;
  });
  return printed;
}

// The ASCII digits of small distances, made once (a page of 50 would otherwise make 50 tiny buffers).
const digits: Uint8Array[] = [];
function digitsOf(value: number): Uint8Array {
  if (value >= 100_000) return Buffer.from(`${value}`, 'latin1');
  let made = digits[value];
  if (!made) {
    made = Buffer.from(`${value}`, 'latin1');
    digits[value] = made;
  }
  return made;
}
const open = Buffer.from('[');
const comma = Buffer.from(',');
const close = Buffer.from(']');
const empty = Buffer.from('[]');

/** The page's readable items with their JSON attached as pieces: each item's kept bytes around its distance. */
export async function readPage(sources: PageSources, scenes: readonly SelectedScene[]): Promise<SceneItem[]> {
  const printed = await printedItemsOf(sources, scenes);
  const items: SceneItem[] = [];
  const pieces: Uint8Array[] = [];
  scenes.forEach((scene, index) => {
    const entry = printed[index];
    if (!entry) return;
    const distance = Math.round(scene.distanceM);
    const item = { ...entry.item };
    item.distance_m = distance;
    items.push(item);
    pieces.push(items.length === 1 ? open : comma, entry.head, digitsOf(distance), entry.tail);
  });
  pieces.push(items.length === 0 ? empty : close);
  return attachJson(items, pieces);
}

const sourcesByRelease = new WeakMap<ServedRelease, PageSources>();

/** The page sources of a served release (made on first use, dropped with the release). */
export function pageSourcesOf(release: ServedRelease): PageSources {
  let sources = sourcesByRelease.get(release);
  if (!sources) {
    const { light } = release.scenes;
    const generationCount = light.generationIds.length;
    const versions = versionsOf(release.generations);
    const template = release.manifest.image_page_template;
    const imagePage = makeImagePage(template);
    const layer = release.scenes;
    sources = {
      get fromColumns() {
        const cards = layer.cards;
        if (!cards) return undefined;
        const context = { layer, cards, versions, imagePage };
        return (row: number, generation: number) => itemFromColumns(context, row, generation);
      },
      readCards: (picks) => getSceneCards(release.store, release.record.release_id, picks),
      pickOf: (scene) => ({
        sceneId: light.ids[scene.row] as string,
        generationId: light.generationIds[scene.generation] as string,
      }),
      itemOfCard: (card) =>
        toSceneItem(card, 0, versions.get(card.generation_id as string) ?? 1, imagePageOf(template, card.id)),
      cache: new PrintedItemCache(printedItemBudgetBytes),
      keyOf: (scene) => scene.row * generationCount + scene.generation,
    };
    sourcesByRelease.set(release, sources);
  }
  return sources;
}
