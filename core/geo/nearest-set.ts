import { metersFromHaversineTerm } from './haversine.ts';
import { type KdTree, nodeHi, nodeLo } from './kd-tree.ts';
import type { TieBreak } from './nearest-walk.ts';
import { exactHaversineTerm, pointChordSq, type QueryFrame, withRadius } from './query-frame.ts';
import { classifyNode, countWithin, forEachRangeWithin, INSIDE, OUTSIDE, type RangeVisitor } from './radius-scan.ts';

/** Points left to order one by one: below this the band is sorted instead of narrowed further. */
const BAND_POINTS = 256;
const MAX_NARROWING_STEPS = 48;

/**
 * Visits, as runs of tree positions and in no particular order, exactly the first `count` points of the full order
 * (distance, then tie-break) within the radius, or all of them when there are fewer; returns how many it visited.
 *
 * Handing out thousands of points one by one in exact order (a best-first walk) costs milliseconds. Instead this
 * narrows a radius bracket [inner, outer] with counts (cheap: whole nodes inside a circle are not opened) until at most
 * `count` points lie within `inner` and more than `count` within `outer`, with few points between; everything within
 * `inner` is visited by runs, and only the band between the two radii is sorted to take the rest.
 */
export function forEachRangeOfNearest(
  tree: KdTree,
  f: QueryFrame,
  count: number,
  compareTies: TieBreak,
  visit: RangeVisitor,
  bandPoints = BAND_POINTS,
  pointsWithin?: number,
): number {
  const total = pointsWithin ?? countWithin(tree, f, Number.POSITIVE_INFINITY);
  if (total <= count) return forEachRangeWithin(tree, f, visit);
  if (count === 0) return 0;
  let inner = -1; // no radius holds nothing yet, not even points at distance 0
  let innerCount = 0;
  let outer = f.radiusM;
  let outerCount = total;
  let sameSide = 0;
  let lastSide = 0;
  for (let step = 0; step < MAX_NARROWING_STEPS && outerCount - innerCount > bandPoints; step++) {
    const from = Math.max(inner, 0);
    // Aim a quarter band inside the cap while the inner radius lags, else a quarter band beyond it; counts grow about
    // with the area, so interpolate in r². A side that keeps moving alone gets a bisection, which guarantees progress.
    const target = count - innerCount > bandPoints / 2 ? count - bandPoints / 4 : count + bandPoints / 4;
    const share = (target - innerCount) / (outerCount - innerCount);
    const aimed = Math.sqrt(from * from + share * (outer * outer - from * from));
    const span = outer - from;
    const mid = sameSide >= 2 ? from + span / 2 : Math.min(Math.max(aimed, from + span / 256), outer - span / 256);
    if (!(mid > from && mid < outer)) break;
    const within = countWithin(tree, withRadius(f, mid), Number.POSITIVE_INFINITY);
    const side = within <= count ? -1 : 1;
    sameSide = side === lastSide ? sameSide + 1 : 0;
    lastSide = side;
    if (side < 0) {
      inner = mid;
      innerCount = within;
    } else {
      outer = mid;
      outerCount = within;
    }
  }
  if (inner >= 0) forEachRangeWithin(tree, withRadius(f, inner), visit);
  const band = collectBand(tree, f, inner, outer);
  band.sort((a, b) => a.distanceM - b.distanceM || compareTies(tree.order[a.p] as number, tree.order[b.p] as number));
  const wanted = count - innerCount;
  for (let k = 0; k < wanted; k++) {
    const p = (band[k] as { p: number }).p;
    visit(p, p + 1, -1);
  }
  return count;
}

/** Points with inner < distance ≤ outer (exact haversine), with their distances. */
function collectBand(tree: KdTree, f: QueryFrame, inner: number, outer: number): { p: number; distanceM: number }[] {
  const { boxes, ranges, coords, exact, leafSize } = tree;
  const outerFrame = withRadius(f, outer);
  const innerFrame: QueryFrame | undefined = inner >= 0 ? withRadius(f, inner) : undefined;
  const band: { p: number; distanceM: number }[] = [];
  const stack: number[] = [0];
  while (stack.length > 0) {
    const node = stack.pop() as number;
    if (classifyNode(boxes, node, outerFrame) === OUTSIDE) continue;
    if (innerFrame !== undefined && classifyNode(boxes, node, innerFrame) === INSIDE) continue;
    const lo = nodeLo(ranges, node);
    const hi = nodeHi(ranges, node);
    if (hi - lo > leafSize) {
      stack.push(2 * node + 2, 2 * node + 1);
      continue;
    }
    for (let p = lo; p < hi; p++) {
      const chordSq = pointChordSq(coords, p, outerFrame);
      if (chordSq > outerFrame.outerSq) continue;
      if (innerFrame !== undefined && chordSq <= innerFrame.innerSq) continue;
      const distanceM = metersFromHaversineTerm(exactHaversineTerm(exact, p, f));
      if (distanceM <= outer && distanceM > inner) band.push({ p, distanceM });
    }
  }
  return band;
}
