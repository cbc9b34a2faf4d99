import type { SceneLayer } from '../data/served-release.ts';
import { findNearbyScenes } from '../geo/scene-index.ts';
import { type YearRange, yearInRange } from './filters.ts';
import { pickOfKey, type SceneKeys, yearOfKey } from './keys.ts';

// Which scenes a nearby search returns, from memory only: the index's candidates (at most the 8 000 nearest, farthest
// dropped), filtered by capture year and by having a verbalization under the quality policy, in the document's order
// (unrounded distance, capture_year descending, id ascending). Reading their text is the caller's next step.
//
// The filters read the policy's scene keys (keys.ts), arranged by tree position: a leaf's candidates are next to
// each other there, where through the light rows each cost a lookup of its row and of its status in every generation
// (measured in process at 1 M scenes, r=500 top-50: the selection 0.87-0.91×).

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
  keys: SceneKeys,
  circle: NearbyCircle,
  limit: number,
  years: YearRange,
): NearbySelection {
  const { rowOf } = layer;
  const { byPosition } = keys;
  const anyYear = years.from === null && years.to === null;
  // The generation of each hit, in the hits' order (accept is called in that order: PointIndex.nearest).
  const generations: number[] = [];
  const { hits, candidateTruncated } = findNearbyScenes(layer.index, {
    ...circle,
    limit,
    accept: (_index, position) => {
      const key = byPosition[position] as number;
      const generation = pickOfKey(keys, key);
      if (generation < 0) return false;
      if (!anyYear && !yearInRange(yearOfKey(keys, key), years)) return false;
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
