import { buildCountGrid, type CountGrid } from './count-grid.ts';
import { buildKdTree, type KdTree } from './kd-tree.ts';
import { KeyHistogram } from './key-histogram.ts';
import { MinQueue } from './min-queue.ts';
import { forEachRangeOfNearest } from './nearest-set.ts';
import { type NearestVisitor, type TieBreak, walkNearestFirst } from './nearest-walk.ts';
import { makeFrame } from './query-frame.ts';
import {
  countWithin,
  forEachRangeWithin,
  forEachWithin,
  hasMoreThan,
  type RangeVisitor,
  type WithinVisitor,
} from './radius-scan.ts';
import { assertLimit } from './validate.ts';

export type { NearestVisitor, TieBreak } from './nearest-walk.ts';
export type { RangeVisitor, WithinVisitor } from './radius-scan.ts';

export interface PointIndexOptions {
  /** How to order points at exactly equal distance; default: by the caller's index, ascending. */
  compareTies?: TieBreak;
  /** Points per leaf of the KD-tree (chosen by measurement, see scripts/bench/geo.ts). */
  leafSize?: number;
  /**
   * Cells per point of a count grid (count-grid.ts) that settles most "more than cap?" questions (`hasMoreThan`,
   * `candidateCap`) without the tree: 4 bytes per cell. 0 (the default): none.
   */
  countGridCellsPerPoint?: number;
}

export interface NearestOptions {
  radiusM: number;
  limit: number;
  /**
   * Keeps a candidate when true; gets the caller's index and the tree position (read tree-ordered columns by position,
   * see gatherByPosition). Applied after the candidate cap, so rejected points still use up candidate places. Called
   * in the hits' order: the n-th call that returns true makes the n-th hit.
   */
  accept?: (index: number, position: number) => boolean;
  /** Only the `candidateCap` nearest candidates (in full order) are considered; more makes `candidateTruncated` true. */
  candidateCap?: number;
}

export interface NearestHit {
  /** The caller's point index (position in the arrays given to `build`). */
  index: number;
  /** Unrounded haversine distance in metres. */
  distanceM: number;
}

export interface NearestResult {
  hits: NearestHit[];
  candidateTruncated: boolean;
}

/**
 * Static index of points for circular queries with exact haversine distances (a point exactly on the radius is inside).
 * Built once per release from arrays of latitudes and longitudes; attributes stay with the caller, who refers to
 * points by their position in those arrays. Structure: kd-tree.ts; ordered search: nearest-walk.ts; unordered scans:
 * radius-scan.ts.
 */
export class PointIndex {
  private readonly tree: KdTree;
  private readonly countGrid: CountGrid | undefined;
  private readonly compareTies: TieBreak;
  private readonly queue = new MinQueue(1024);
  private queueBusy = false;
  private readonly histograms = new WeakMap<object, KeyHistogram>();

  private constructor(tree: KdTree, countGrid: CountGrid | undefined, compareTies: TieBreak) {
    this.tree = tree;
    this.countGrid = countGrid;
    this.compareTies = compareTies;
  }

  static build(lats: ArrayLike<number>, lons: ArrayLike<number>, options: PointIndexOptions = {}): PointIndex {
    const tree = buildKdTree(lats, lons, options.leafSize);
    const cellsPerPoint = options.countGridCellsPerPoint ?? 0;
    const countGrid = cellsPerPoint > 0 ? buildCountGrid(tree, cellsPerPoint) : undefined;
    return new PointIndex(tree, countGrid, options.compareTies ?? ((a, b) => a - b));
  }

  get size(): number {
    return this.tree.size;
  }

  /** Tree position → the caller's point index (read only). */
  get treeOrder(): Uint32Array {
    return this.tree.order;
  }

  /** Points within the radius, nearest first (ties by `compareTies`), at most `limit` accepted ones. */
  nearest(lat: number, lon: number, options: NearestOptions): NearestResult {
    const { radiusM, limit, accept, candidateCap } = options;
    assertLimit(limit);
    if (candidateCap !== undefined) assertLimit(candidateCap, 'candidateCap');
    const frame = makeFrame(this.tree, lat, lon, radiusM);
    const cap = candidateCap ?? Number.POSITIVE_INFINITY;
    const hits: NearestHit[] = [];
    let rank = 0;
    let stoppedByCap = false;
    let stoppedByLimit = limit === 0;
    if (limit > 0) {
      this.withQueue((queue) =>
        walkNearestFirst(this.tree, frame, queue, this.compareTies, (index, distanceM, position) => {
          if (++rank > cap) {
            stoppedByCap = true;
            return false;
          }
          if (accept !== undefined && !accept(index, position)) return true;
          hits.push({ index, distanceM });
          stoppedByLimit = hits.length >= limit;
          return !stoppedByLimit;
        }),
      );
    }
    // Stopping at the limit leaves the rest of the circle unseen, so whether it holds more than the cap is asked apart.
    const candidateTruncated =
      stoppedByCap ||
      (candidateCap !== undefined && stoppedByLimit && hasMoreThan(this.tree, frame, candidateCap, this.countGrid));
    return { hits, candidateTruncated };
  }

  /**
   * Calls `visit` for every point within the radius in order of unrounded distance, points at exactly equal distance
   * ordered by `compareTies`, until it returns false. Its cost grows with the points visited, not with the points
   * inside the radius.
   */
  visitNearestFirst(lat: number, lon: number, radiusM: number, visit: NearestVisitor): void {
    const frame = makeFrame(this.tree, lat, lon, radiusM);
    if (this.tree.size === 0) return;
    this.withQueue((queue) => walkNearestFirst(this.tree, frame, queue, this.compareTies, visit));
  }

  /** Number of points within the radius; counting stops once it exceeds `cap` (then some number above cap is returned). */
  countWithin(lat: number, lon: number, radiusM: number, cap = Number.POSITIVE_INFINITY): number {
    return countWithin(this.tree, makeFrame(this.tree, lat, lon, radiusM), cap);
  }

  /** Whether more than `cap` points lie within the radius (cheaper than counting them). */
  hasMoreThan(lat: number, lon: number, radiusM: number, cap: number): boolean {
    return hasMoreThan(this.tree, makeFrame(this.tree, lat, lon, radiusM), cap, this.countGrid);
  }

  /** Calls `visit` with each point within the radius, in no particular order; returns how many there were. */
  forEachWithin(lat: number, lon: number, radiusM: number, visit: WithinVisitor): number {
    return forEachWithin(this.tree, makeFrame(this.tree, lat, lon, radiusM), visit);
  }

  /**
   * Calls `visit` with runs [lo, hi) of tree positions that lie within the radius, in no particular order; returns how
   * many points they hold. The fastest way to aggregate a column arranged with `gatherByPosition`: whole nodes inside the
   * circle arrive as one run, so a count by year is a tight loop over contiguous memory.
   */
  forEachRangeWithin(lat: number, lon: number, radiusM: number, visit: RangeVisitor): number {
    return forEachRangeWithin(this.tree, makeFrame(this.tree, lat, lon, radiusM), visit);
  }

  /**
   * Visits exactly the first `count` points of the full order (distance, then `compareTies`) within the radius, or all
   * of them when there are fewer, as runs [lo, hi) of tree positions in no particular order; returns how many. The set
   * `nearest` would walk through, at the cost of a few counts instead of an ordered walk (see nearest-set.ts).
   * `pointsWithin`: how many points lie within the radius, when the caller has just counted them.
   */
  forEachRangeOfNearest(
    lat: number,
    lon: number,
    radiusM: number,
    count: number,
    visit: RangeVisitor,
    pointsWithin?: number,
  ): number {
    assertLimit(count, 'count');
    const frame = makeFrame(this.tree, lat, lon, radiusM);
    return forEachRangeOfNearest(this.tree, frame, count, this.compareTies, visit, undefined, pointsWithin);
  }

  /**
   * Adds 1 to counts[key] for every point within the radius, `keyByPosition` being a small-integer key per tree
   * position (see keyHistogram); returns how many points there were.
   */
  countKeysWithin(
    lat: number,
    lon: number,
    radiusM: number,
    keyByPosition: ArrayLike<number> & object,
    counts: Uint32Array,
  ): number {
    const frame = makeFrame(this.tree, lat, lon, radiusM);
    return this.keyHistogram(keyByPosition, counts.length).addWithin(this.tree, frame, counts);
  }

  /**
   * Per-node counts of a key column arranged by position (see KeyHistogram), built on first use and kept for as long as
   * the column object lives. Call it at start-up to keep the build (tens of milliseconds per million points) out of the
   * first request.
   */
  keyHistogram(keyByPosition: ArrayLike<number> & object, keyCount: number): KeyHistogram {
    const cached = this.histograms.get(keyByPosition);
    if (cached !== undefined && cached.keyCount === keyCount) return cached;
    const histogram = KeyHistogram.build(this.tree, keyByPosition, keyCount);
    this.histograms.set(keyByPosition, histogram);
    return histogram;
  }

  /**
   * A column of per-point values (in the caller's order) rearranged by tree position, for visitors that read it by the
   * `position` they are given: neighbouring points then sit next to each other in memory, which is several times
   * faster than reading a million-entry column at random (measured in scripts/bench/geo.ts, coverage row).
   */
  gatherByPosition<T extends { length: number; [i: number]: number }>(column: ArrayLike<number>, into: T): T {
    const order = this.tree.order;
    if (column.length !== order.length || into.length !== order.length) {
      throw new RangeError(
        `column has ${column.length} values and target ${into.length} for ${order.length} points: pass one per point`,
      );
    }
    for (let p = 0; p < order.length; p++) into[p] = column[order[p] as number] as number;
    return into;
  }

  /** Lends the shared queue, or a fresh one when a visitor calls back into this index during a walk. */
  private withQueue(run: (queue: MinQueue) => void): void {
    if (this.queueBusy) {
      run(new MinQueue());
      return;
    }
    this.queueBusy = true;
    try {
      run(this.queue);
    } finally {
      this.queue.clear();
      this.queueBusy = false;
    }
  }
}
