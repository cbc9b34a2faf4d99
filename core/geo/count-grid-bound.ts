import { COORD_MARGIN, type CountGrid, type CountLevel, STEPS_PER_SIDE } from './count-grid.ts';
import type { QueryFrame } from './query-frame.ts';

/** The count grid's answers to "more than cap within the radius?". */
export const NOT_MORE = 0;
export const MORE = 1;
export const UNDECIDED = 2;

/**
 * Squared radii are widened (outer) and narrowed (inner) by 1e-13 relative: far above the float64 rounding of the
 * squares, sums and roots below (≈ 1e-15 relative) and far below the frame's CHORD_SLACK (1e-12 on the chord), which
 * stays in place for the float64/haversine difference it covers. So every bound here holds for the tree's float32
 * coords exactly as the tree's own box tests do, and the frame's slacks carry it to the haversine rule.
 */
const SQUARE_MARGIN = 1e-13;

/** Per visited row: the row, then the cells that can hold points within (touch) and those certainly within (inside). */
const RUN_FIELDS = 5;
let runs = new Int32Array(RUN_FIELDS * 256);
/** What the last sumRows found (module state: no allocation per query, and no scan calls back into user code). */
let lower = 0;
let upper = 0;
let visited = 0;

/**
 * NOT_MORE when at most `cap` points can lie within the circle, MORE when more than `cap` certainly do, UNDECIDED when
 * only an exact count can tell (the grid's step squares of a few points straddle the circle's edge).
 *
 * Each row of a level near the circle gives a run of cells whose points certainly lie within (a lower bound) and a run
 * holding every point that can (an upper bound): two sums from `prefix` per row. The coarse level settles circles whose
 * count is well away from the cap, the fine one most of the rest; only when the cap still falls between the bounds are
 * the points of the fine cells along the edge placed by their step squares.
 */
export function compareCountWithCap(grid: CountGrid, f: QueryFrame, cap: number): number {
  const outerSq = f.outerSq * (1 + SQUARE_MARGIN);
  const innerSq = f.innerSq * (1 - SQUARE_MARGIN);
  const coarse = sumRows(grid.coarse, f, cap, innerSq, outerSq, false);
  if (coarse !== UNDECIDED) return coarse;
  const fine = sumRows(grid.fine, f, cap, innerSq, outerSq, true);
  if (fine !== UNDECIDED) return fine;
  return placeEdgePoints(grid, f, cap, innerSq, outerSq);
}

/**
 * The fine cell of a scaled coordinate t = (v - origin) × scale as a small integer: floor(t) clamped to [-1, top].
 * Clamping and truncation do not decrease as t grows, and for a point (0 ≤ t, cell below top) this is its cell, so the
 * order argument of sumRows holds; a level of blocks takes it on by an arithmetic shift (floor division by blockSide).
 */
function cellIndex(t: number, top: number): number {
  return (t < 0 ? -1 : t > top ? top : t) | 0;
}

/** One pass over a level's rows; with keepRuns, records each row's runs for placeEdgePoints. */
function sumRows(level: CountLevel, f: QueryFrame, cap: number, innerSq: number, outerSq: number, keepRuns: boolean) {
  const { columns, rows, originX, originY, scale, blockSide, extents, prefix } = level;
  const qx = f.x;
  const qy = f.y;
  const qw = f.w;
  // The level's cell of v is floor(floor((v - origin) × scale) / blockSide): see cellIndex.
  const shift = Math.round(Math.log2(blockSide));
  const top = Math.max(columns, rows) * blockSide;
  const reach = Math.sqrt(outerSq);
  const firstRow = Math.max(0, cellIndex((qy - reach - COORD_MARGIN - originY) * scale, top) >> shift);
  const lastRow = Math.min(rows - 1, cellIndex((qy + reach + COORD_MARGIN - originY) * scale, top) >> shift);
  if (keepRuns && runs.length < (lastRow - firstRow + 1) * RUN_FIELDS) {
    runs = new Int32Array((lastRow - firstRow + 1) * RUN_FIELDS);
  }
  const rowRuns = runs;
  const lastColumn = columns - 1;
  const stride = columns + 1;
  // Locals in the loop (module variables are not kept in registers); written back once at the end.
  let certain = 0;
  let possible = 0;
  let v = 0;
  for (let r = firstRow; r <= lastRow; r++) {
    const e = r * 4;
    const minY = extents[e] as number;
    const maxY = extents[e + 1] as number;
    if (!(minY <= maxY)) continue; // no points in this row
    const minW = extents[e + 2] as number;
    const maxW = extents[e + 3] as number;
    const nearY = qy < minY ? minY - qy : qy > maxY ? qy - maxY : 0;
    const nearW = qw < minW ? minW - qw : qw > maxW ? qw - maxW : 0;
    const nearSq = nearY * nearY + nearW * nearW;
    if (nearSq > outerSq) continue;
    // A point whose cell is below the cell of qx - b - margin lies left of qx - b (cells do not decrease with x), so
    // more than b from the query in x, and beyond the radius; the same on the right.
    const b = Math.sqrt(outerSq - nearSq);
    const touchFrom = Math.max(0, cellIndex((qx - b - COORD_MARGIN - originX) * scale, top) >> shift);
    const touchTo = Math.min(lastColumn, cellIndex((qx + b + COORD_MARGIN - originX) * scale, top) >> shift);
    if (touchFrom > touchTo) continue;
    const base = r * stride;
    possible += (prefix[base + touchTo + 1] as number) - (prefix[base + touchFrom] as number);
    // A point whose cell lies strictly between the cells of qx - a + margin and qx + a - margin lies strictly between
    // those two bounds, so within a of the query in x, and within the radius.
    const farY = Math.max(qy - minY, maxY - qy);
    const farW = Math.max(qw - minW, maxW - qw);
    const room = innerSq - farY * farY - farW * farW;
    let insideFrom = touchTo + 1;
    let insideTo = touchTo;
    if (room > 0) {
      const a = Math.sqrt(room);
      const from = (cellIndex((qx - a + COORD_MARGIN - originX) * scale, top) >> shift) + 1;
      const to = (cellIndex((qx + a - COORD_MARGIN - originX) * scale, top) >> shift) - 1;
      if (Math.max(from, touchFrom) <= Math.min(to, touchTo)) {
        insideFrom = Math.max(from, touchFrom);
        insideTo = Math.min(to, touchTo);
        certain += (prefix[base + insideTo + 1] as number) - (prefix[base + insideFrom] as number);
        if (certain > cap) return MORE;
      }
    }
    if (keepRuns) {
      rowRuns[v] = r;
      rowRuns[v + 1] = touchFrom;
      rowRuns[v + 2] = insideFrom;
      rowRuns[v + 3] = insideTo;
      rowRuns[v + 4] = touchTo;
      v += RUN_FIELDS;
    }
  }
  lower = certain;
  upper = possible;
  visited = v / RUN_FIELDS;
  return possible <= cap ? NOT_MORE : UNDECIDED;
}

/**
 * The second pass: the points of each visited row's cells that touch the circle without lying inside it. A point lies
 * within `reachPad` (the half diagonal of a step square, plus rounding) of its step square's centre, so comparing the
 * centre's squared distance in x-y with two thresholds per row (which hold the row's w extent) tells whether it is
 * certainly within, possibly within, or certainly beyond. Stops as soon as the cap is settled.
 */
function placeEdgePoints(grid: CountGrid, f: QueryFrame, cap: number, innerSq: number, outerSq: number): number {
  const { fine, side, offsets, halfStepX, halfStepY } = grid;
  const { columns, originX, originY, extents, prefix } = fine;
  const qx = f.x;
  const qy = f.y;
  const qw = f.w;
  const step = side / STEPS_PER_SIDE;
  const halfStep = 0.5 * step;
  // Centres are computed here with other roundings than at build time (a few units in the last place, ≤ 2e-15).
  const reachPad = Math.sqrt(halfStepX * halfStepX + halfStepY * halfStepY) + COORD_MARGIN;
  const stride = columns + 1;
  let certainTotal = lower;
  let possibleTotal = upper;
  const rowRuns = runs;
  for (let v = 0, end = visited * RUN_FIELDS; v < end; v += RUN_FIELDS) {
    const r = rowRuns[v] as number;
    const e = r * 4;
    const minW = extents[e + 2] as number;
    const maxW = extents[e + 3] as number;
    const nearW = qw < minW ? minW - qw : qw > maxW ? qw - maxW : 0;
    const farW = Math.max(qw - minW, maxW - qw);
    // Certainly within when the centre is within sqrt(innerSq - farW²) - reachPad in x-y; possibly within when it is
    // within sqrt(outerSq - nearW²) + reachPad.
    const innerRoom = innerSq - farW * farW;
    const inner = innerRoom > 0 ? Math.sqrt(innerRoom) - reachPad : -1;
    const certainSq = inner > 0 ? inner * inner : -1;
    const outer = Math.sqrt(Math.max(0, outerSq - nearW * nearW)) + reachPad;
    const possibleSq = outer * outer;
    const centreY = originY + r * side - qy + halfStep;
    const base = r * stride;
    const insideFrom = rowRuns[v + 2] as number;
    const insideTo = rowRuns[v + 3] as number;
    for (let c = rowRuns[v + 1] as number, touchTo = rowRuns[v + 4] as number; c <= touchTo; c++) {
      if (c === insideFrom) c = insideTo + 1; // skip the cells already counted whole
      if (c > touchTo) break;
      const centreX = originX + c * side - qx + halfStep;
      let certain = 0;
      let possible = 0;
      const lo = prefix[base + c] as number;
      const hi = prefix[base + c + 1] as number;
      for (let p = lo; p < hi; p++) {
        const packed = offsets[p] as number;
        const dx = centreX + (packed >> 8) * step;
        const dy = centreY + (packed & 255) * step;
        const distanceSq = dx * dx + dy * dy;
        certain += +(distanceSq <= certainSq);
        possible += +(distanceSq <= possibleSq);
      }
      certainTotal += certain;
      possibleTotal -= hi - lo - possible;
      if (certainTotal > cap) return MORE;
      if (possibleTotal <= cap) return NOT_MORE;
    }
  }
  return UNDECIDED;
}
