import type { PointIndex } from '../geo/point-index.ts';
import { SCENE_CANDIDATE_CAP } from '../geo/scene-index.ts';
import type { ChangeCategory, ChangeStatus } from '../release/types.ts';
import type { ChangeLight } from '../store/index.ts';
import { compareChanges } from './summary.ts';

// Changes whose road-group centre lies within the radius, filtered by status, category and years, in the document's
// order. Candidates are the nearest SCENE_CANDIDATE_CAP centres within the radius (the contract's candidate limit);
// beyond that the farthest are dropped and candidate_truncated is true.

export interface ChangeLayer {
  rows: readonly ChangeLight[];
  index: PointIndex;
}

export interface ChangesQuery {
  lat: number;
  lon: number;
  radiusM: number;
  limit: number;
  category: ChangeCategory | null;
  status: ChangeStatus;
  yearFrom: number | null;
  yearTo: number | null;
}

export interface ChangeHit {
  row: ChangeLight;
  distanceM: number;
}

function accepts(query: ChangesQuery): (row: ChangeLight) => boolean {
  return (row) =>
    row.status === query.status &&
    (query.category === null || row.category === query.category) &&
    (query.yearFrom === null || row.year_a >= query.yearFrom) &&
    (query.yearTo === null || row.year_b <= query.yearTo);
}

export function findNearbyChanges(
  layer: ChangeLayer,
  query: ChangesQuery,
  candidateCap = SCENE_CANDIDATE_CAP,
): { hits: ChangeHit[]; candidateTruncated: boolean } {
  const keep = accepts(query);
  const hits: ChangeHit[] = [];
  // The index orders equal distances by row (change_id), not by year_b: once `limit` hits are found, the walk goes on
  // through every candidate at exactly the limit's distance so the final sort can choose among them.
  let boundary = Number.POSITIVE_INFINITY;
  let rank = 0;
  let stoppedByCap = false;
  let stoppedByLimit = false;
  layer.index.visitNearestFirst(query.lat, query.lon, query.radiusM, (index, distanceM) => {
    if (distanceM > boundary) {
      stoppedByLimit = true;
      return false;
    }
    if (++rank > candidateCap) {
      stoppedByCap = true;
      return false;
    }
    const row = layer.rows[index] as ChangeLight;
    if (!keep(row)) return true;
    hits.push({ row, distanceM });
    if (hits.length === query.limit) boundary = distanceM;
    return true;
  });
  hits.sort((a, b) => compareChanges({ ...a.row, distanceM: a.distanceM }, { ...b.row, distanceM: b.distanceM }));
  const candidateTruncated =
    stoppedByCap || (stoppedByLimit && layer.index.hasMoreThan(query.lat, query.lon, query.radiusM, candidateCap));
  return { hits: hits.slice(0, query.limit), candidateTruncated };
}
