import type { CountGrid } from './count-grid.ts';
import { compareCountWithCap, MORE, UNDECIDED } from './count-grid-bound.ts';
import { type KdTree, nodeHi, nodeLo, nodeOffset } from './kd-tree.ts';
import { isWithin, pointChordSq, type QueryFrame } from './query-frame.ts';

/**
 * Unordered scans of everything within a radius. A node whose box lies entirely inside the circle is taken whole,
 * as one run of tree positions with no per-point work; only nodes crossing the circle's edge are opened down to
 * their points.
 */

/** Called with the caller's point index and the point's tree position. */
export type WithinVisitor = (index: number, position: number) => void;

/**
 * Called with a run [lo, hi) of tree positions that are all within the radius, and the node the run is when it is a
 * whole node (for per-node summaries such as KeyHistogram), else -1.
 */
export type RangeVisitor = (lo: number, hi: number, node: number) => void;

/**
 * Work arrays shared by the scans that never call back into user code (so no scan can start inside another): one
 * allocation per process instead of one per query.
 */
const sharedStack = new Int32Array(128);
let sharedFifo: Int32Array = new Int32Array(1024);

function growFifo(fifo: Int32Array): Int32Array {
  const grown = new Int32Array(fifo.length * 2);
  grown.set(fifo);
  sharedFifo = grown;
  return grown;
}

export const OUTSIDE = 0;
export const CROSSING = 1;
export const INSIDE = 2;

/** OUTSIDE, INSIDE or CROSSING for a node's box against the query circle (nearest and farthest box corners). */
export function classifyNode(boxes: Float32Array, node: number, f: QueryFrame): number {
  const b = nodeOffset(node);
  const minX = (boxes[b] as number) - f.x;
  const minY = (boxes[b + 1] as number) - f.y;
  const minW = (boxes[b + 2] as number) - f.w;
  const maxX = (boxes[b + 3] as number) - f.x;
  const maxY = (boxes[b + 4] as number) - f.y;
  const maxW = (boxes[b + 5] as number) - f.w;
  const nx = minX > 0 ? minX : Math.min(maxX, 0);
  const ny = minY > 0 ? minY : Math.min(maxY, 0);
  const nw = minW > 0 ? minW : Math.min(maxW, 0);
  if (nx * nx + ny * ny + nw * nw > f.outerSq) return OUTSIDE;
  const fx = Math.max(-minX, maxX);
  const fy = Math.max(-minY, maxY);
  const fw = Math.max(-minW, maxW);
  return fx * fx + fy * fy + fw * fw <= f.innerSq ? INSIDE : CROSSING;
}

/**
 * How many of the points at tree positions [lo, hi) are within the radius. The hot loop of every count: frame fields
 * in locals, no branch on the usual inside/outside outcome, the exact formula only for the rare points in the rounding
 * band.
 */
export function countRunWithin(tree: KdTree, lo: number, hi: number, f: QueryFrame): number {
  const coords = tree.coords;
  const qx = f.x;
  const qy = f.y;
  const qw = f.w;
  const innerSq = f.innerSq;
  const outerSq = f.outerSq;
  let count = 0;
  let possible = 0;
  // Stride 3 (COORD_STRIDE) written out, as in nodeLo. `+(a <= b)` adds the comparison's flag with no branch: a
  // boundary leaf's points fall on both sides unpredictably, and a conditional per point cost about twice as much
  // (microbenchmark; counts within a circle 0.9× side by side).
  for (let o = lo * 3, end = hi * 3; o < end; o += 3) {
    const dx = (coords[o] as number) - qx;
    const dy = (coords[o + 1] as number) - qy;
    const dw = (coords[o + 2] as number) - qw;
    const chordSq = dx * dx + dy * dy + dw * dw;
    count += +(chordSq <= innerSq);
    possible += +(chordSq <= outerSq);
  }
  if (possible > count) {
    for (let p = lo; p < hi; p++) {
      const chordSq = pointChordSq(coords, p, f);
      if (chordSq > innerSq && chordSq <= outerSq && isWithin(tree, p, f)) count++;
    }
  }
  return count;
}

/** Calls visit with runs of tree positions within the radius; returns how many points they hold. */
export function forEachRangeWithin(tree: KdTree, f: QueryFrame, visit: RangeVisitor): number {
  if (tree.size === 0) return 0;
  const { boxes, ranges, leafSize } = tree;
  const stack = new Int32Array(128);
  let top = 0;
  stack[top++] = 0;
  let count = 0;
  while (top > 0) {
    const node = stack[--top] as number;
    const where = classifyNode(boxes, node, f);
    if (where === OUTSIDE) continue;
    const lo = nodeLo(ranges, node);
    const hi = nodeHi(ranges, node);
    if (where === INSIDE) {
      visit(lo, hi, node);
      count += hi - lo;
    } else if (hi - lo > leafSize) {
      stack[top++] = 2 * node + 2;
      stack[top++] = 2 * node + 1;
    } else {
      for (let p = lo; p < hi; p++) {
        if (isWithin(tree, p, f)) {
          visit(p, p + 1, -1);
          count++;
        }
      }
    }
  }
  return count;
}

/** Calls visit for each point within the radius; returns how many. */
export function forEachWithin(tree: KdTree, f: QueryFrame, visit: WithinVisitor): number {
  const order = tree.order;
  return forEachRangeWithin(tree, f, (lo, hi) => {
    for (let p = lo; p < hi; p++) visit(order[p] as number, p);
  });
}

/** Exact number of points within the radius; stops early once it exceeds `cap` (returning some number above it). */
export function countWithin(tree: KdTree, f: QueryFrame, cap: number): number {
  if (tree.size === 0) return 0;
  const { boxes, ranges, leafSize } = tree;
  const stack = sharedStack;
  let top = 0;
  stack[top++] = 0;
  let count = 0;
  while (top > 0 && count <= cap) {
    const node = stack[--top] as number;
    const where = classifyNode(boxes, node, f);
    if (where === OUTSIDE) continue;
    const lo = nodeLo(ranges, node);
    const hi = nodeHi(ranges, node);
    if (where === INSIDE) count += hi - lo;
    else if (hi - lo > leafSize) {
      stack[top++] = 2 * node + 2;
      stack[top++] = 2 * node + 1;
    } else count += countRunWithin(tree, lo, hi, f);
  }
  return count;
}

/**
 * Whether more than `cap` points lie within the radius. The count grid, when there is one, settles most circles from
 * its per-row counts (count-grid.ts); the tree refines coarse-to-fine and stops as soon as the points certainly
 * inside exceed the cap, or the certain plus the undecided cannot reach it: a small circle is settled near the root,
 * a crowded one long before every boundary leaf is opened.
 */
export function hasMoreThan(tree: KdTree, f: QueryFrame, cap: number, grid?: CountGrid): boolean {
  if (tree.size === 0) return false;
  if (grid !== undefined) {
    const verdict = compareCountWithCap(grid, f, cap);
    if (verdict !== UNDECIDED) return verdict === MORE;
  }
  const { boxes, ranges, leafSize } = tree;
  const rootWhere = classifyNode(boxes, 0, f);
  if (rootWhere === OUTSIDE) return false;
  if (rootWhere === INSIDE) return tree.size > cap;
  let fifo = sharedFifo;
  fifo[0] = 0;
  let tail = 1;
  let head = 0;
  let inside = 0;
  let undecided = tree.size;
  while (head < tail) {
    const node = fifo[head++] as number;
    const lo = nodeLo(ranges, node);
    const hi = nodeHi(ranges, node);
    undecided -= hi - lo;
    if (hi - lo <= leafSize) {
      inside += countRunWithin(tree, lo, hi, f);
    } else {
      // A node splits its range at the middle (kd-tree.ts), so the children's sizes need no read.
      const mid = (lo + hi) >> 1;
      for (let child = 2 * node + 1; child <= 2 * node + 2; child++) {
        const where = classifyNode(boxes, child, f);
        if (where === OUTSIDE) continue;
        const size = child & 1 ? mid - lo : hi - mid;
        if (where === INSIDE) inside += size;
        else {
          undecided += size;
          if (tail === fifo.length) fifo = growFifo(fifo);
          fifo[tail++] = child;
        }
      }
    }
    if (inside > cap) return true;
    if (inside + undecided <= cap) return false;
  }
  return inside > cap;
}
