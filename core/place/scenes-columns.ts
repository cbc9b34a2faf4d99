import type { SceneLayer } from '../data/served-release.ts';
import type { VerbalizationStatus } from '../release/types.ts';
import { type InternedColumn, type SceneCardColumns, textAt, verbalizationStatusCodes } from '../store/index.ts';
import { imagePageOf, type SceneItem } from './scenes-items.ts';

// A nearby result item from the card columns in memory (store/queries/scene-cards.ts), the same object the store path
// makes from a card (toSceneItem): test/integration/store/scene-cards.test.ts compares the two on every scene.

const statusNames = new Map<number, VerbalizationStatus>(
  Object.entries(verbalizationStatusCodes).map(([name, code]) => [code, name as VerbalizationStatus]),
);

export interface ColumnsContext {
  layer: SceneLayer;
  cards: SceneCardColumns;
  versions: ReadonlyMap<string, number>;
  /** The manifest's image_page_template (scenes-items.ts imagePageOf). */
  imagePageTemplate: string;
}

function labelOf(column: InternedColumn, row: number): string | null {
  return column.labels[column.codes[row] as number] ?? null;
}

/**
 * The nearby result item of scene `row` in generation `g`, at distance 0; null when the scene has no summary there
 * (a verbalization that cannot be shown, as the store path's "unreadable").
 */
export function itemFromColumns(context: ColumnsContext, row: number, g: number): SceneItem | null {
  const { cards, versions } = context;
  const { light } = context.layer;
  const verbalization = cards.byGeneration[g];
  const summary = verbalization ? textAt(verbalization.summary, row) : null;
  if (!verbalization || summary === null) return null;
  const id = light.ids[row] as string;
  const year = light.captureYears[row] ?? null;
  const bearing = cards.travelBearing[row] as number;
  const pano = cards.isPano[row] as number;
  const generationId = light.generationIds[g] as string;
  return {
    id,
    distance_m: 0,
    lat: light.lats[row] as number,
    lon: light.lons[row] as number,
    position_source: labelOf(cards.positionSource, row) as SceneItem['position_source'],
    capture_year: year,
    year,
    ward: light.wards[row] ?? null,
    view_class: labelOf(cards.viewClass, row),
    travel_bearing: Number.isNaN(bearing) ? null : bearing,
    is_pano: pano < 0 ? null : pano === 1,
    generation: {
      id: generationId,
      status: statusNames.get((light.statusByGeneration[g] as Uint8Array)[row] as number) as VerbalizationStatus,
      version: versions.get(generationId) ?? 1,
    },
    model: labelOf(verbalization.model, row),
    prompt_version: labelOf(verbalization.promptVersion, row),
    summary,
    analysis_status: labelOf(verbalization.analysisStatus, row) as SceneItem['analysis_status'],
    image_page: imagePageOf(context.imagePageTemplate, id),
  };
}
