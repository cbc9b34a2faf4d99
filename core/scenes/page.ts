import type { CardRecords } from '../data/card-records.ts';
import type { ServedRelease } from '../data/served-release.ts';
import type { ByteWriter } from '../json/byte-writer.ts';
import { PrintedList } from '../json/printed-list.ts';
import { getSceneCards, type SceneCard, type ScenePick } from '../store/index.ts';
import { itemFromColumns } from './columns.ts';
import { makeItemPrinter, type PrintItem } from './item-printer.ts';
import { imagePageOf, type SceneItem, toSceneItem, versionsOf } from './items.ts';
import type { SelectedScene } from './select.ts';

// The result items of a nearby page, in the selection's order, as a PrintedList (json/printed-list.ts). From the card
// records in memory it prints its JSON straight from the columns (item-printer.ts), which the REST answer uses, and
// its item objects are made only when read (MCP, tests); before the columns are loaded, the page's cards are read
// from the store in one query.

export interface ColumnSource {
  /** Whether the scene has a readable verbalization in that generation (itemAt and print then give an item). */
  isReadable: (row: number, generation: number) => boolean;
  /** The item at distance 0, null when it is not readable. */
  itemAt: (row: number, generation: number) => SceneItem | null;
  print: PrintItem;
}

export interface PageSources {
  /** Absent until the card records are loaded. */
  columns?: ColumnSource;
  /** Cards by key from the store. */
  readCards: (picks: readonly ScenePick[]) => Promise<SceneCard[]>;
  pickOf: (scene: SelectedScene) => ScenePick;
  itemOfCard: (card: SceneCard, distanceM: number) => SceneItem;
}

function pageFromColumns(columns: ColumnSource, scenes: readonly SelectedScene[]): PrintedList<SceneItem> {
  const shown = scenes.filter((scene) => columns.isReadable(scene.row, scene.generation));
  const makeItems = () =>
    shown.map((scene) => {
      const item = columns.itemAt(scene.row, scene.generation) as SceneItem;
      item.distance_m = Math.round(scene.distanceM);
      return item;
    });
  const printItems = (writer: ByteWriter) => {
    writer.ascii('[');
    shown.forEach((scene, index) => {
      if (index > 0) writer.ascii(',');
      columns.print(writer, scene.row, scene.generation, Math.round(scene.distanceM));
    });
    writer.ascii(']');
  };
  return new PrintedList(shown.length, makeItems, printItems);
}

async function pageFromStore(sources: PageSources, scenes: readonly SelectedScene[]): Promise<PrintedList<SceneItem>> {
  const picks = scenes.map(sources.pickOf);
  const cards = await sources.readCards(picks);
  const byKey = new Map(cards.map((card) => [`${card.id}\u0000${card.generation_id}`, card]));
  const items = scenes.flatMap((scene, index) => {
    const pick = picks[index] as ScenePick;
    const card = byKey.get(`${pick.sceneId}\u0000${pick.generationId}`);
    // A card without its verbalization is a data inconsistency: serve nothing for it.
    if (!card || card.generation_id === null || card.summary === null) return [];
    return [sources.itemOfCard(card, scene.distanceM)];
  });
  return PrintedList.of(items);
}

/** The page's readable items (scenes without a readable verbalization are left out). */
export async function readPage(
  sources: PageSources,
  scenes: readonly SelectedScene[],
): Promise<PrintedList<SceneItem>> {
  const { columns } = sources;
  return columns ? pageFromColumns(columns, scenes) : pageFromStore(sources, scenes);
}

const sourcesByRelease = new WeakMap<ServedRelease, PageSources>();

/** The page sources of a served release (made on first use, dropped with the release). */
export function pageSourcesOf(release: ServedRelease): PageSources {
  let sources = sourcesByRelease.get(release);
  if (!sources) {
    const { light } = release.scenes;
    const versions = versionsOf(release.generations);
    const template = release.manifest.image_page_template;
    const layer = release.scenes;
    let made: { cards: CardRecords; columns: ColumnSource } | undefined;
    sources = {
      get columns() {
        const cards = layer.cards;
        if (!cards) return undefined;
        if (made?.cards !== cards) {
          const context = { layer, cards, versions, imagePageTemplate: template };
          made = {
            cards,
            columns: {
              isReadable: (row, generation) => cards.hasSummary(row, generation),
              itemAt: (row, generation) => itemFromColumns(context, row, generation),
              print: makeItemPrinter(context),
            },
          };
        }
        return made.columns;
      },
      readCards: (picks) => getSceneCards(release.store, release.record.release_id, picks),
      pickOf: (scene) => ({
        sceneId: light.ids[scene.row] as string,
        generationId: light.generationIds[scene.generation] as string,
      }),
      itemOfCard: (card, distanceM) =>
        toSceneItem(card, distanceM, versions.get(card.generation_id as string) ?? 1, imagePageOf(template, card.id)),
    };
    sourcesByRelease.set(release, sources);
  }
  return sources;
}
