import {
  ANALYSIS_STATUS,
  BEARING,
  type CardRecords,
  LAT,
  LON,
  MODEL,
  NO_YEAR,
  PANORAMA,
  POSITION_SOURCE,
  PROMPT_VERSION,
  STATUS,
  VIEW_CLASS,
  WARD,
  YEAR,
} from '../data/card-records.ts';
import type { SceneLayer } from '../data/served-release.ts';
import type { VerbalizationStatus } from '../release/types.ts';
import { verbalizationStatusCodes } from '../store/index.ts';
import { imagePageOf, type SceneItem } from './items.ts';

// A nearby result item from the card records in memory (data/card-records.ts), the same object the store path makes
// from a card (toSceneItem): test/integration/store/scene-cards.test.ts compares the two on every scene.

const statusNames = new Map<number, VerbalizationStatus>(
  Object.entries(verbalizationStatusCodes).map(([name, code]) => [code, name as VerbalizationStatus]),
);

export interface ColumnsContext {
  layer: SceneLayer;
  cards: CardRecords;
  versions: ReadonlyMap<string, number>;
  /** The manifest's image_page_template (scenes-items.ts imagePageOf). */
  imagePageTemplate: string;
}

/**
 * The nearby result item of scene `row` in generation `g`, at distance 0; null when the scene has no summary there
 * (a verbalization that cannot be shown, as the store path's "unreadable").
 */
export function itemFromColumns(context: ColumnsContext, row: number, g: number): SceneItem | null {
  const { cards, versions } = context;
  const summary = cards.summary(row, g);
  if (summary === null) return null;
  const { labels } = cards;
  const id = context.layer.light.ids[row] as string;
  const yearCode = cards.code(row, YEAR);
  const year = yearCode === NO_YEAR ? null : yearCode;
  const bearing = cards.number(row, BEARING);
  const panorama = cards.generationByte(row, g, PANORAMA);
  const generationId = context.layer.light.generationIds[g] as string;
  return {
    id,
    distance_m: 0,
    lat: cards.number(row, LAT),
    lon: cards.number(row, LON),
    position_source: (labels.positionSource[cards.code(row, POSITION_SOURCE)] ?? null) as SceneItem['position_source'],
    capture_year: year,
    year,
    ward: labels.ward[cards.code(row, WARD)] ?? null,
    view_class: labels.viewClass[cards.code(row, VIEW_CLASS)] ?? null,
    travel_bearing: Number.isNaN(bearing) ? null : bearing,
    is_pano: panorama === 0 ? null : panorama === 2,
    generation: {
      id: generationId,
      status: statusNames.get(cards.generationByte(row, g, STATUS)) as VerbalizationStatus,
      version: versions.get(generationId) ?? 1,
    },
    model: labels.model[g]?.[cards.generationCode(row, g, MODEL)] ?? null,
    prompt_version: labels.promptVersion[g]?.[cards.generationCode(row, g, PROMPT_VERSION)] ?? null,
    summary,
    analysis_status: (labels.analysisStatus[g]?.[cards.generationByte(row, g, ANALYSIS_STATUS)] ??
      null) as SceneItem['analysis_status'],
    image_page: imagePageOf(context.imagePageTemplate, id),
  };
}
