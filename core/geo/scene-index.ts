import { DEFAULT_CELLS_PER_POINT } from './count-grid.ts';
import {
  type NearestHit,
  PointIndex,
  type PointIndexOptions,
  type RangeVisitor,
  type WithinVisitor,
} from './point-index.ts';

/** The document's candidate limit for scene searches: beyond it `candidate_truncated` is true. */
export const SCENE_CANDIDATE_CAP = 8000;

/**
 * Orders photograph ids (strings of digits, often above 2^53) numerically without converting them:
 * shorter first, then character by character. Assumes no leading zeros, as the photo platform's ids have none.
 */
export function compareDigitIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface SceneColumns {
  lats: ArrayLike<number>;
  lons: ArrayLike<number>;
  /** Capture year per scene (per row with `rowOf`), null when unknown. */
  captureYears: ArrayLike<number | null>;
  /** Id per scene (per row with `rowOf`). */
  ids: ArrayLike<string>;
  /**
   * Point i's row in `captureYears` and `ids`, when those are the caller's full columns (quarantined rows included):
   * the tie-break then reads them in place instead of kept-only copies (~20 MB at a million scenes). Default: row i.
   */
  rowOf?: ArrayLike<number>;
}

/**
 * The scene index: points ordered by unrounded distance, then capture_year descending (unknown years last), then id
 * ascending. The caller leaves quarantined scenes out of the columns; they must never be found by position.
 */
export function buildSceneIndex(columns: SceneColumns, options: Omit<PointIndexOptions, 'compareTies'> = {}) {
  const { lats, lons, captureYears, ids, rowOf } = columns;
  const rows = rowOf === undefined ? lats.length : captureYears.length;
  if (captureYears.length !== rows || ids.length !== rows || (rowOf !== undefined && rowOf.length !== lats.length)) {
    throw new RangeError(
      `scene columns differ in length (lats ${lats.length}, captureYears ${captureYears.length}, ids ${ids.length}` +
        `${rowOf === undefined ? '' : `, rowOf ${rowOf.length}`}): pass one value per scene in every column, ` +
        'or one per row in captureYears and ids and one per scene in rowOf',
    );
  }
  if (rowOf !== undefined) assertRows(rowOf, rows);
  return PointIndex.build(lats, lons, {
    countGridCellsPerPoint: DEFAULT_CELLS_PER_POINT,
    ...options,
    compareTies: makeSceneTieBreak(captureYears, ids, rowOf),
  });
}

function assertRows(rowOf: ArrayLike<number>, rows: number): void {
  for (let i = 0; i < rowOf.length; i++) {
    const row = rowOf[i] as number;
    if (!(Number.isInteger(row) && row >= 0 && row < rows)) {
      throw new RangeError(`rowOf[${i}] is ${row}: pass a row of captureYears and ids (0 to ${rows - 1})`);
    }
  }
}

/** Scene order at equal distance; `rowOf` maps a point to its row in the columns (default: the same number). */
export function makeSceneTieBreak(
  captureYears: ArrayLike<number | null>,
  ids: ArrayLike<string>,
  rowOf?: ArrayLike<number>,
) {
  const compareRows = (a: number, b: number): number => {
    const yearA = captureYears[a] ?? null;
    const yearB = captureYears[b] ?? null;
    if (yearA !== yearB) {
      if (yearA === null) return 1;
      if (yearB === null) return -1;
      return yearB - yearA;
    }
    return compareDigitIds(ids[a] as string, ids[b] as string);
  };
  if (rowOf === undefined) return compareRows;
  return (a: number, b: number): number => compareRows(rowOf[a] as number, rowOf[b] as number);
}

export interface SceneQuery {
  lat: number;
  lon: number;
  radiusM: number;
  limit: number;
  /** Year range, quality availability …: applied to the kept candidates only, as the document says. */
  accept?: (index: number, position: number) => boolean;
}

export interface SceneNearbyResult {
  hits: NearestHit[];
  candidateTruncated: boolean;
}

/**
 * /v1/scenes/nearby: candidates are the scenes within the radius; when more than 8 000 exist only the 8 000 nearest
 * (in full order) are kept and `candidateTruncated` is true; filters apply to the kept ones; the first `limit` remain.
 */
export function findNearbyScenes(index: PointIndex, query: SceneQuery): SceneNearbyResult {
  const { lat, lon, radiusM, limit, accept } = query;
  return index.nearest(lat, lon, {
    radiusM,
    limit,
    candidateCap: SCENE_CANDIDATE_CAP,
    ...(accept === undefined ? {} : { accept }),
  });
}

/**
 * Visits the candidate scenes of a circle (for coverage counts) as runs [lo, hi) of tree positions: every scene within
 * the radius when there are at most 8 000, else the 8 000 nearest in full order. Returns how many were visited and
 * whether the cap cut the set. Read per-scene values from columns arranged with `index.gatherByPosition`.
 */
export function forEachSceneCandidateRange(
  index: PointIndex,
  query: { lat: number; lon: number; radiusM: number },
  visit: RangeVisitor,
): { visited: number; candidateTruncated: boolean } {
  const { lat, lon, radiusM } = query;
  if (!index.hasMoreThan(lat, lon, radiusM, SCENE_CANDIDATE_CAP)) {
    return { visited: index.forEachRangeWithin(lat, lon, radiusM, visit), candidateTruncated: false };
  }
  const visited = index.forEachRangeOfNearest(lat, lon, radiusM, SCENE_CANDIDATE_CAP, visit);
  return { visited, candidateTruncated: true };
}

/** The same candidates one by one, with the caller's index and the tree position. */
export function forEachSceneCandidate(
  index: PointIndex,
  query: { lat: number; lon: number; radiusM: number },
  visit: WithinVisitor,
): { visited: number; candidateTruncated: boolean } {
  const order = index.treeOrder;
  return forEachSceneCandidateRange(index, query, (lo, hi) => {
    for (let p = lo; p < hi; p++) visit(order[p] as number, p);
  });
}

/**
 * Coverage counts: adds 1 to `counts[keyByPosition[p]]` for every candidate scene (as above). `keyByPosition` is a
 * small-integer key per scene (a year slot, a generation number …), every key below `counts.length`, arranged with
 * `index.gatherByPosition`. Whole nodes inside the circle add precomputed per-node counts (`index.keyHistogram`, built
 * on the first call for this column; call it at start-up to keep that out of a request).
 */
export function countSceneCandidatesByKey(
  index: PointIndex,
  query: { lat: number; lon: number; radiusM: number },
  keyByPosition: ArrayLike<number> & object,
  counts: Uint32Array,
): { visited: number; candidateTruncated: boolean } {
  const { lat, lon, radiusM } = query;
  // One pass counts the whole circle into a scratch table; past the cap the table is dropped and the pass's total
  // spares the narrowing its first count. Asking hasMoreThan first would cost a second pass exactly when the circle
  // holds nearly 8 000 scenes, where that question is as dear as the count.
  const scratch = new Uint32Array(counts.length);
  const within = index.countKeysWithin(lat, lon, radiusM, keyByPosition, scratch);
  if (within <= SCENE_CANDIDATE_CAP) {
    for (let k = 0; k < counts.length; k++) counts[k] = (counts[k] as number) + (scratch[k] as number);
    return { visited: within, candidateTruncated: false };
  }
  const histogram = index.keyHistogram(keyByPosition, counts.length);
  const visited = index.forEachRangeOfNearest(
    lat,
    lon,
    radiusM,
    SCENE_CANDIDATE_CAP,
    (lo, hi, node) => histogram.addRun(lo, hi, node, counts),
    within,
  );
  return { visited, candidateTruncated: true };
}
