import { metersFromHaversineTerm } from './haversine.ts';
import type { KdTree } from './kd-tree.ts';
import type { MinQueue } from './min-queue.ts';
import {
  boxDistanceSq,
  exactHaversineTerm,
  haversineTermLowerBound,
  pointChordSq,
  type QueryFrame,
} from './query-frame.ts';

/** Orders two points at exactly the same distance (caller's indices); negative puts `a` first. */
export type TieBreak = (a: number, b: number) => number;

/**
 * Called with the caller's point index, the unrounded distance and the point's tree position (for columns the caller
 * arranged in tree order, see PointIndex.gatherByPosition). Returning false stops the walk.
 */
export type NearestVisitor = (index: number, distanceM: number, position: number) => boolean | undefined;

/**
 * Best-first search in exact order.
 *
 * The queue holds nodes and points keyed by a lower bound of their haversine term computed from 3-D chords, with no
 * trigonometry. A point leaving the queue gets its exact haversine distance and waits in `ready`, ordered by (distance,
 * tie-break). The nearest ready point is handed out once the queue's smallest key proves that nothing still queued can
 * be as near (with a margin far above rounding, so points at an equal distance always meet in `ready` and are ordered by
 * the tie-break). Only points that are actually reached pay for the exact distance.
 */
export function walkNearestFirst(
  tree: KdTree,
  f: QueryFrame,
  queue: MinQueue,
  compareTies: TieBreak,
  visit: NearestVisitor,
): void {
  const { boxes, nodeLo, nodeHi, points, leafSize, order } = tree;
  const rootDistanceSq = boxDistanceSq(boxes, 0, f);
  if (rootDistanceSq > f.outerSq) return;
  queue.push(haversineTermLowerBound(rootDistanceSq), 0);
  // Created on first need: most walks never hold a point back, and allocation per query shows up as collector time.
  let ready: ReadyHeap | undefined;
  for (;;) {
    while (
      ready !== undefined &&
      ready.size > 0 &&
      (queue.length === 0 || queue.peekKey() > safeBeyond(ready.topTerm()))
    ) {
      const distanceM = ready.topDistance();
      const position = ready.topPosition();
      ready.pop();
      if (visit(order[position] as number, distanceM, position) === false) return;
    }
    if (queue.length === 0) return;
    const value = queue.peekValue();
    queue.pop();
    if (value < 0) {
      const p = ~value;
      const term = exactHaversineTerm(points, p, f);
      const distanceM = metersFromHaversineTerm(term);
      if (distanceM > f.radiusM) continue;
      // The usual case: nothing waits and nothing queued comes as near, so the point goes straight out.
      if ((ready === undefined || ready.size === 0) && (queue.length === 0 || queue.peekKey() > safeBeyond(term))) {
        if (visit(order[p] as number, distanceM, p) === false) return;
        continue;
      }
      ready ??= new ReadyHeap(order, compareTies);
      ready.push(p, distanceM, term);
      continue;
    }
    const lo = nodeLo[value] as number;
    const hi = nodeHi[value] as number;
    if (hi - lo > leafSize) {
      const left = 2 * value + 1;
      const leftSq = boxDistanceSq(boxes, left, f);
      if (leftSq <= f.outerSq) queue.push(haversineTermLowerBound(leftSq), left);
      const rightSq = boxDistanceSq(boxes, left + 1, f);
      if (rightSq <= f.outerSq) queue.push(haversineTermLowerBound(rightSq), left + 1);
      continue;
    }
    for (let p = lo; p < hi; p++) {
      const chordSq = pointChordSq(points, p, f);
      if (chordSq <= f.outerSq) queue.push(haversineTermLowerBound(chordSq), ~p);
    }
  }
}

/**
 * A haversine term that any point at a distance equal to or below that of `term` cannot exceed: 1e-10 relative is far
 * above rounding (1e-15), and mapped through asin it still moves the distance by far more than one unit in the last
 * place, so "key above this" means "strictly farther".
 */
function safeBeyond(term: number): number {
  return term * (1 + 1e-10) + 1e-30;
}

/**
 * A binary min-heap of reached points (tree positions) by (exact distance, tie-break on the caller's indices).
 * Usually empty: it fills only when points lie within rounding distance of each other.
 */
class ReadyHeap {
  private readonly indices: number[] = [];
  private readonly order: Uint32Array;
  private readonly distances: number[] = [];
  private readonly terms: number[] = [];
  private readonly compareTies: TieBreak;

  constructor(order: Uint32Array, compareTies: TieBreak) {
    this.order = order;
    this.compareTies = compareTies;
  }

  get size(): number {
    return this.indices.length;
  }

  topPosition(): number {
    return this.indices[0] as number;
  }

  topDistance(): number {
    return this.distances[0] as number;
  }

  topTerm(): number {
    return this.terms[0] as number;
  }

  push(index: number, distance: number, term: number): void {
    this.indices.push(index);
    this.distances.push(distance);
    this.terms.push(term);
    let pos = this.indices.length - 1;
    while (pos > 0) {
      const parent = (pos - 1) >> 1;
      if (!this.precedes(pos, parent)) break;
      this.swap(pos, parent);
      pos = parent;
    }
  }

  pop(): void {
    const last = this.indices.length - 1;
    this.swap(0, last);
    this.indices.pop();
    this.distances.pop();
    this.terms.pop();
    let pos = 0;
    for (;;) {
      const left = 2 * pos + 1;
      if (left >= last) return;
      const right = left + 1;
      const child = right < last && this.precedes(right, left) ? right : left;
      if (!this.precedes(child, pos)) return;
      this.swap(child, pos);
      pos = child;
    }
  }

  private precedes(a: number, b: number): boolean {
    const da = this.distances[a] as number;
    const db = this.distances[b] as number;
    if (da !== db) return da < db;
    const order = this.order;
    return this.compareTies(order[this.indices[a] as number] as number, order[this.indices[b] as number] as number) < 0;
  }

  private swap(a: number, b: number): void {
    const { indices, distances, terms } = this;
    const index = indices[a] as number;
    const distance = distances[a] as number;
    const term = terms[a] as number;
    indices[a] = indices[b] as number;
    distances[a] = distances[b] as number;
    terms[a] = terms[b] as number;
    indices[b] = index;
    distances[b] = distance;
    terms[b] = term;
  }
}
