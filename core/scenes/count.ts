import type { SceneLayer } from '../data/served-release.ts';
import type { PointIndex } from '../geo/point-index.ts';
import { countSceneCandidatesByKey } from '../geo/scene-index.ts';
import type { ChangeLight } from '../store/index.ts';
import { type YearRange, yearInRange } from './filters.ts';
import { hasExperimentalFlag, hasReleasedFlag, type SceneKeys } from './keys.ts';
import type { NearbyCircle } from './select.ts';

// The counts of GET /v1/coverage over the scene candidates of a circle (quarantined scenes are not in the index; at
// most the 8 000 nearest, like nearby). scenes_total, by year and by generation follow the policy; released_count and
// experimental_count do not. The year range filters every scene count, never n_changes.

export interface SceneCounts {
  scenesTotal: number;
  byYear: Record<string, number>;
  byGeneration: Record<string, number>;
  releasedCount: number;
  experimentalCount: number;
  latestYear: number | null;
  candidateTruncated: boolean;
}

export function countScenes(layer: SceneLayer, keys: SceneKeys, circle: NearbyCircle, years: YearRange): SceneCounts {
  const table = new Uint32Array(keys.size);
  const { candidateTruncated } = countSceneCandidatesByKey(layer.index, circle, keys.byPosition, table);
  const { yearSlots, firstYear, pickSlots } = keys;
  const generationIds = layer.light.generationIds;
  const counts: SceneCounts = {
    scenesTotal: 0,
    byYear: {},
    byGeneration: {},
    releasedCount: 0,
    experimentalCount: 0,
    latestYear: null,
    candidateTruncated,
  };
  for (let slot = 0; slot < yearSlots; slot++) {
    const year = slot === 0 ? null : firstYear + slot - 1;
    if (!yearInRange(year, years)) continue;
    const yearKey = year === null ? 'unknown' : String(year);
    for (let pickSlot = 0; pickSlot < pickSlots; pickSlot++) {
      for (let flags = 0; flags < 4; flags++) {
        const n = table[(pickSlot * 4 + flags) * yearSlots + slot] as number;
        if (n === 0) continue;
        if (flags & hasReleasedFlag) counts.releasedCount += n;
        if (flags & hasExperimentalFlag) counts.experimentalCount += n;
        if (pickSlot === 0) continue;
        const generation = generationIds[pickSlot - 1] as string;
        counts.scenesTotal += n;
        counts.byYear[yearKey] = (counts.byYear[yearKey] ?? 0) + n;
        counts.byGeneration[generation] = (counts.byGeneration[generation] ?? 0) + n;
        if (year !== null && (counts.latestYear === null || year > counts.latestYear)) counts.latestYear = year;
      }
    }
  }
  return counts;
}

/** Supported changes within the circle, over all years (the year range does not apply to changes). */
export function countSupportedChanges(
  changes: { rows: ChangeLight[]; index: PointIndex },
  circle: NearbyCircle,
): number {
  let n = 0;
  changes.index.forEachWithin(circle.lat, circle.lon, circle.radiusM, (i) => {
    if (changes.rows[i]?.status === 'supported') n++;
  });
  return n;
}
