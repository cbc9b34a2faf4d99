import type { Scene } from '../../generated/place-lookup/types.gen.ts';
import type { GenerationRow, VerbalizationStatus } from '../release/types.ts';
import type { SceneCard } from '../store/index.ts';

// Shared by scene responses: the photo page link, generation versions and one nearby result item.

/** One nearby result (components.schemas.Scene). */
export type SceneItem = Scene;

/** The photo platform's page of a photograph, from the manifest's template (`{id}` is replaced). */
export function imagePageOf(template: string, sceneId: string): string {
  return template.replaceAll('{id}', encodeURIComponent(sceneId));
}

export function versionsOf(generations: readonly GenerationRow[]): Map<string, number> {
  return new Map(generations.map((generation) => [generation.id, generation.version]));
}

/**
 * One nearby result. The distance is rounded for display only (ordering used the exact value). The card must carry
 * its verbalization (generation_id, status, summary and analysis_status non-null).
 */
export function toSceneItem(card: SceneCard, distanceM: number, version: number, imagePage: string): SceneItem {
  return {
    id: card.id,
    distance_m: Math.round(distanceM),
    lat: card.lat,
    lon: card.lon,
    position_source: card.position_source,
    capture_year: card.capture_year,
    year: card.capture_year,
    ward: card.ward,
    view_class: card.view_class,
    travel_bearing: card.travel_bearing,
    is_pano: card.is_pano,
    generation: { id: card.generation_id as string, status: card.status as VerbalizationStatus, version },
    model: card.model,
    prompt_version: card.prompt_version,
    summary: card.summary as string,
    analysis_status: card.analysis_status as 'ok' | 'invalid',
    image_page: imagePage,
  };
}
