import type { SceneLayer } from '../data/served-release.ts';
import { findNearbyScenes } from '../geo/scene-index.ts';
import { type YearRange, yearInRange } from './scenes-filters.ts';

// Which scenes a nearby search returns, from memory only: the index's candidates (at most the 8 000 nearest, farthest
// dropped), filtered by capture year and by having a verbalization under the quality policy, in the document's order
// (unrounded distance, capture_year descending, id ascending). Reading their text is the caller's next step.

export interface NearbyCircle {
  lat: number;
  lon: number;
  radiusM: number;
}

export interface SelectedScene {
  /** Row of the scene in the light columns. */
  row: number;
  /** Unrounded haversine distance in metres. */
  distanceM: number;
  /** Index into light.generationIds of the verbalization the policy serves. */
  generation: number;
}

export interface NearbySelection {
  scenes: SelectedScene[];
  candidateTruncated: boolean;
}

export function selectNearbyScenes(
  layer: SceneLayer,
  pick: (row: number) => number,
  circle: NearbyCircle,
  limit: number,
  years: YearRange,
): NearbySelection {
  const { rowOf, light } = layer;
  // The generation of each hit, in the hits' order (accept is called in that order: PointIndex.nearest).
  const generations: number[] = [];
  const { hits, candidateTruncated } = findNearbyScenes(layer.index, {
    ...circle,
    limit,
    accept: (index) => {
      const row = rowOf[index] as number;
      if (!yearInRange(light.captureYears[row] ?? null, years)) return false;
      const generation = pick(row);
      if (generation < 0) return false;
      generations.push(generation);
      return true;
    },
  });
  return {
    scenes: hits.map((hit, order) => ({
      row: rowOf[hit.index] as number,
      distanceM: hit.distanceM,
      generation: generations[order] as number,
    })),
    candidateTruncated,
  };
}

/** For an honest zero-result note: whether any (non-quarantined) scene lies within the circle at all. */
export function anySceneWithin(layer: SceneLayer, circle: NearbyCircle): boolean {
  return layer.index.hasMoreThan(circle.lat, circle.lon, circle.radiusM, 0);
}
