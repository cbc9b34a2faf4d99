import { metersFromHaversineTerm } from './haversine.ts';
import { type KdTree, nodeHi, nodeLo, nodeOffset } from './kd-tree.ts';
import type { MinQueue } from './min-queue.ts';
import { boxDistanceSq, exactHaversineTerm, type QueryFrame } from './query-frame.ts';

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
 * The queue holds nodes and points keyed by their squared chord from the query as computed from the tree's coords
 * (a node's: to its box), with no trigonometry; the rounding between those and the haversine formula is bounded by the
 * frame's slack, which `beyondChordSq` adds only where it matters. A point leaving the queue gets its exact haversine
 * distance and waits in `ready`, ordered by (distance, tie-break). The nearest ready point is handed out once the
 * queue's smallest key proves that nothing still queued can be as near (with a margin far above rounding, so points at
 * an equal distance always meet in `ready` and are ordered by the tie-break). Only points that are actually reached
 * pay for the exact distance.
 */
export function walkNearestFirst(
  tree: KdTree,
  f: QueryFrame,
  queue: MinQueue,
  compareTies: TieBreak,
  visit: NearestVisitor,
): void {
  const { boxes, ranges, coords, exact, leafSize, order } = tree;
  const { x: qx, y: qy, w: qw, outerSq, slack, radiusM } = f;
  // Straight down to the leaf nearest the query, queueing the farther child at each level: any order of expanding
  // nodes gives the same answers (the queue always holds every unvisited point or a node above it, by a lower bound),
  // and best-first would expand these nodes first anyway; going down directly spares a pop and a push per level.
  let node = 0;
  let nodeDistanceSq = boxDistanceSq(boxes, 0, f);
  while (nodeDistanceSq <= outerSq && nodeHi(ranges, node) - nodeLo(ranges, node) > leafSize) {
    const left = 2 * node + 1;
    const leftSq = boxDistanceSq(boxes, left, f);
    const rightSq = boxDistanceSq(boxes, left + 1, f);
    const leftNearer = leftSq <= rightSq;
    const fartherSq = leftNearer ? rightSq : leftSq;
    if (fartherSq <= outerSq) queue.push(fartherSq, leftNearer ? left + 1 : left);
    node = leftNearer ? left : left + 1;
    nodeDistanceSq = leftNearer ? leftSq : rightSq;
  }
  if (nodeDistanceSq <= outerSq) queue.push(nodeDistanceSq, node);
  // Created on first need: most walks never hold a point back, and allocation per query shows up as collector time.
  let ready: ReadyHeap | undefined;
  for (;;) {
    while (
      ready !== undefined &&
      ready.size > 0 &&
      (queue.length === 0 || queue.peekKey() > beyondChordSq(ready.topTerm(), slack))
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
      const term = exactHaversineTerm(exact, p, f);
      const distanceM = metersFromHaversineTerm(term);
      if (distanceM > radiusM) continue;
      // The usual case: nothing waits and nothing queued comes as near, so the point goes straight out.
      if (
        (ready === undefined || ready.size === 0) &&
        (queue.length === 0 || queue.peekKey() > beyondChordSq(term, slack))
      ) {
        if (visit(order[p] as number, distanceM, p) === false) return;
        continue;
      }
      ready ??= new ReadyHeap(order, compareTies);
      ready.push(p, distanceM, term);
      continue;
    }
    const lo = nodeLo(ranges, value);
    const hi = nodeHi(ranges, value);
    if (hi - lo > leafSize) {
      // boxDistanceSq written out: the walk is too large for the compiler to inline it (measured).
      for (let child = 2 * value + 1; child <= 2 * value + 2; child++) {
        const b = nodeOffset(child);
        const minX = (boxes[b] as number) - qx;
        const minY = (boxes[b + 1] as number) - qy;
        const minW = (boxes[b + 2] as number) - qw;
        const dx = minX > 0 ? minX : Math.min((boxes[b + 3] as number) - qx, 0);
        const dy = minY > 0 ? minY : Math.min((boxes[b + 4] as number) - qy, 0);
        const dw = minW > 0 ? minW : Math.min((boxes[b + 5] as number) - qw, 0);
        const distanceSq = dx * dx + dy * dy + dw * dw;
        if (distanceSq <= outerSq) queue.push(distanceSq, child);
      }
      continue;
    }
    // Stride 3 (COORD_STRIDE) written out, as in nodeLo.
    for (let p = lo, o = lo * 3; p < hi; p++, o += 3) {
      const dx = (coords[o] as number) - qx;
      const dy = (coords[o + 1] as number) - qy;
      const dw = (coords[o + 2] as number) - qw;
      const chordSq = dx * dx + dy * dy + dw * dw;
      if (chordSq <= outerSq) queue.push(chordSq, ~p);
    }
  }
}

/**
 * A computed squared chord beyond which a node or point is strictly farther than a point whose haversine term is
 * `term`. Its true term is at least (chord - slack)² / 4 (see QueryFrame.slack), and 1e-10 relative on the term is far
 * above rounding (1e-15) and still moves the distance, mapped through asin, by more than one unit in the last place.
 */
function beyondChordSq(term: number, slack: number): number {
  const chord = 2 * Math.sqrt(term * (1 + 1e-10) + 1e-30) + slack;
  return chord * chord;
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
