import type { GenerationRow, VerbalizationStatus } from '../release/types.ts';
import type { SceneCard } from '../store/index.ts';

// Shapes shared by scene responses: the photo page link, generation references and one nearby result item.

export interface GenerationRef {
  id: string;
  status: VerbalizationStatus;
  version: number;
}

/** The photo platform's page of a photograph, from the manifest's template (`{id}` is replaced). */
export function imagePageOf(template: string, sceneId: string): string {
  return template.replaceAll('{id}', encodeURIComponent(sceneId));
}

export function versionsOf(generations: readonly GenerationRow[]): Map<string, number> {
  return new Map(generations.map((generation) => [generation.id, generation.version]));
}

export interface SceneItem {
  id: string;
  distance_m: number;
  lat: number;
  lon: number;
  position_source: SceneCard['position_source'];
  capture_year: number | null;
  year: number | null;
  ward: string | null;
  view_class: string | null;
  travel_bearing: number | null;
  is_pano: boolean | null;
  generation: GenerationRef;
  model: string | null;
  prompt_version: string | null;
  summary: string;
  analysis_status: 'ok' | 'invalid';
  image_page: string;
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
