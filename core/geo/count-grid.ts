import { type KdTree, nodeOffset } from './kd-tree.ts';

/**
 * A count grid: the tree's points counted per square cell of its x-y plane (the data's tangent plane, see kd-tree.ts),
 * so that "more than 8 000 within the radius?" is settled from a few kilobytes in most circles instead of opening the
 * tree's boundary leaves; queries in count-grid-bound.ts. About 3 bytes per point (cells per point 0.25): 1 MB of
 * counts and 2 MB of offsets at a million points.
 *
 * - Two levels of counts: fine cells, and coarse blocks of COARSE_BLOCK × COARSE_BLOCK cells. Each holds running counts
 *   over its cells in row-major order (a run of cells of a row is counted with two reads) and each row's y and w
 *   extents (of its points' float32 coords), for a row's nearest and farthest distances from a query.
 * - `offsets`: every point, in fine-cell order (so the points of a run of cells are one slice), as its place within its
 *   cell rounded to 1/256 of a side, x in the high byte and y in the low byte: points along the circle's edge are
 *   placed from these, 2 bytes each.
 *
 * Points go to cells by `cellOf`, which does not decrease as its argument grows, in floating point too: comparing the
 * cell of a point with the cell of a bound tells on which side of the bound the point lies, without cell edges to
 * round. How far a point lies from the centre of its 1/256 step square (`halfStepX`, `halfStepY`) is measured over every
 * point at build time, not assumed.
 */
/** One level of counts: the fine grid, or the coarse one over blocks of its cells. */
export interface CountLevel {
  readonly columns: number;
  readonly rows: number;
  readonly originX: number;
  readonly originY: number;
  /** Fine cells per unit of x or y. */
  readonly scale: number;
  /** Fine cells per side of this level's cells (a power of two): a point's cell here is its fine cell / blockSide. */
  readonly blockSide: number;
  /** Entry r × (columns + 1) + c: points in the cells before cell c of row r, in row-major order (c = columns ends it). */
  readonly prefix: Uint32Array;
  /** Per row: min y, max y, min w, max w of its points (+∞, -∞, … for an empty row). */
  readonly extents: Float64Array;
}

export interface CountGrid {
  /** Counts per cell, for circles that the coarse level leaves undecided. */
  readonly fine: CountLevel;
  /** Counts per block of COARSE_BLOCK × COARSE_BLOCK cells: most circles are settled here, from a quarter of the rows. */
  readonly coarse: CountLevel;
  /** The fine cells' side. */
  readonly side: number;
  /** Per point in fine-cell order: (x step << 8) | y step, each step 1/256 of the cell's side. */
  readonly offsets: Uint16Array;
  /** The farthest any point lies from the centre of its step square, in x and in y (plus a rounding margin). */
  readonly halfStepX: number;
  readonly halfStepY: number;
}

/**
 * Fine cells per point: 0.125-1 measured alike (scripts/bench/geo/compare-versions.ts); this one holds 1 MB of counts
 * per 1 M.
 */
export const DEFAULT_CELLS_PER_POINT = 0.25;
export const STEPS_PER_SIDE = 256;
/** Fine cells per side of a coarse block (a power of two). */
export const COARSE_BLOCK = 4;
/** Cells are no smaller than 1e-10 (0.6 mm on Earth), so scales stay finite whatever the points. */
const MIN_CELL_SIDE = 1e-10;
/** Far above the float64 rounding of a difference of coordinates (≤ 4, so ≤ 4.4e-16), far below anything that counts. */
export const COORD_MARGIN = 1e-14;

/** The fine cell of a coordinate (for points; queries use the same expression, see cellIndex in count-grid-bound.ts). */
export function cellOf(v: number, origin: number, scale: number): number {
  return Math.floor((v - origin) * scale);
}

/** Centre of step k of the cell starting at cellStart. */
function stepCentre(cellStart: number, k: number, step: number): number {
  return cellStart + (k + 0.5) * step;
}

export function buildCountGrid(
  tree: KdTree,
  cellsPerPoint = DEFAULT_CELLS_PER_POINT,
  coarseBlock = COARSE_BLOCK,
): CountGrid | undefined {
  const { size, coords, boxes } = tree;
  if (size === 0) return undefined;
  const root = nodeOffset(0);
  const originX = boxes[root] as number;
  const originY = boxes[root + 1] as number;
  const maxX = boxes[root + 3] as number;
  const maxY = boxes[root + 4] as number;
  const cells = Math.max(1, Math.round(size * cellsPerPoint));
  // Square cells over the points' box, no fewer than `cells` along its longer side (so a flat box cannot ask for
  // millions of columns: about 3 × cells at most in all).
  const side = Math.max(
    Math.sqrt(((maxX - originX) * (maxY - originY)) / cells),
    (maxX - originX) / cells,
    (maxY - originY) / cells,
    MIN_CELL_SIDE,
  );
  const scale = 1 / side;
  // Every point's cell lies between these: cellOf does not decrease and the root box holds every point.
  const columns = cellOf(maxX, originX, scale) + 1;
  const rows = cellOf(maxY, originY, scale) + 1;
  const stride = columns + 1;
  const prefix = new Uint32Array(rows * stride);
  const extents = new Float64Array(rows * 4);
  for (let e = 0; e < extents.length; e += 2) {
    extents[e] = Infinity;
    extents[e + 1] = -Infinity;
  }
  // Two passes over the points and no per-point scratch (6 MB at a million points would stay in the server's RSS):
  // count them per cell, then place each in its cell's slice.
  const layout = { originX, originY, side, scale, stride };
  countPoints(coords, size, layout, prefix, extents);
  // prefix[k]: points in the slots before k (row-major; the slot after a row's last cell holds none).
  for (let k = 1; k < prefix.length; k++) prefix[k] = (prefix[k] as number) + (prefix[k - 1] as number);
  const offsets = new Uint16Array(size);
  const { devX, devY } = placePoints(coords, layout, prefix, offsets);
  const fine: CountLevel = { columns, rows, originX, originY, scale, blockSide: 1, prefix, extents };
  // The measured distances were rounded (by ≤ 4.4e-16), and queries round their differences the same way again.
  const halfStepX = devX + COORD_MARGIN;
  const halfStepY = devY + COORD_MARGIN;
  return { fine, coarse: coarsen(fine, coarseBlock), side, offsets, halfStepX, halfStepY };
}

/** The counts and extents of blocks of blockSide × blockSide cells of a level (of single cells). */
function coarsen(fine: CountLevel, blockSide: number): CountLevel {
  const columns = Math.floor((fine.columns - 1) / blockSide) + 1;
  const rows = Math.floor((fine.rows - 1) / blockSide) + 1;
  const stride = columns + 1;
  const fineStride = fine.columns + 1;
  const prefix = new Uint32Array(rows * stride);
  const extents = new Float64Array(rows * 4);
  for (let r = 0; r < rows; r++) {
    const e = r * 4;
    extents.set([Infinity, -Infinity, Infinity, -Infinity], e);
    for (let fr = r * blockSide; fr < Math.min(fine.rows, (r + 1) * blockSide); fr++) {
      const fe = fr * 4;
      extents[e] = Math.min(extents[e] as number, fine.extents[fe] as number);
      extents[e + 1] = Math.max(extents[e + 1] as number, fine.extents[fe + 1] as number);
      extents[e + 2] = Math.min(extents[e + 2] as number, fine.extents[fe + 2] as number);
      extents[e + 3] = Math.max(extents[e + 3] as number, fine.extents[fe + 3] as number);
    }
  }
  // Per block row, the running count over its blocks is the sum over its fine rows of their running counts at block
  // boundaries (offset so that each block row starts where the previous one ended).
  let total = 0;
  for (let r = 0; r < rows; r++) {
    const base = r * stride;
    for (let c = 0; c <= columns; c++) {
      const fineColumn = Math.min(c * blockSide, fine.columns);
      let sum = total;
      for (let fr = r * blockSide; fr < Math.min(fine.rows, (r + 1) * blockSide); fr++) {
        sum += (fine.prefix[fr * fineStride + fineColumn] as number) - (fine.prefix[fr * fineStride] as number);
      }
      prefix[base + c] = sum;
    }
    total = prefix[base + columns] as number;
  }
  return { columns, rows, originX: fine.originX, originY: fine.originY, scale: fine.scale, blockSide, prefix, extents };
}

interface Layout {
  originX: number;
  originY: number;
  side: number;
  scale: number;
  stride: number;
}

/**
 * Counts the points per cell (one slot ahead, so that running sums give each cell's first place) and the rows' extents.
 * (Passes are small functions: a build runs once, and a small loop is optimised on the stack sooner.)
 */
function countPoints(coords: Float32Array, size: number, layout: Layout, prefix: Uint32Array, extents: Float64Array) {
  const { originX, originY, scale, stride } = layout;
  for (let o = 0, end = size * 3; o < end; o += 3) {
    const x = coords[o] as number;
    const y = coords[o + 1] as number;
    const w = coords[o + 2] as number;
    const row = cellOf(y, originY, scale);
    const slot = row * stride + cellOf(x, originX, scale) + 1;
    prefix[slot] = (prefix[slot] as number) + 1;
    const e = row * 4;
    if (y < (extents[e] as number)) extents[e] = y;
    if (y > (extents[e + 1] as number)) extents[e + 1] = y;
    if (w < (extents[e + 2] as number)) extents[e + 2] = w;
    if (w > (extents[e + 3] as number)) extents[e + 3] = w;
  }
}

/**
 * Writes each point's step square at its cell's next free place (a counting sort, `prefix` giving each cell's first
 * place) and returns the largest distances of a point from the centre of its step square. Placing a point moves its
 * cell's entry on by one, so afterwards every entry holds the next one's value, which one shift puts back.
 */
function placePoints(
  coords: Float32Array,
  layout: Layout,
  prefix: Uint32Array,
  offsets: Uint16Array,
): { devX: number; devY: number } {
  const { originX, originY, side, scale, stride } = layout;
  const step = side / STEPS_PER_SIDE;
  const stepScale = STEPS_PER_SIDE * scale;
  const lastStep = STEPS_PER_SIDE - 1;
  let devX = 0;
  let devY = 0;
  for (let o = 0, end = offsets.length * 3; o < end; o += 3) {
    const x = coords[o] as number;
    const y = coords[o + 1] as number;
    const row = cellOf(y, originY, scale);
    const column = cellOf(x, originX, scale);
    const startX = originX + column * side;
    const startY = originY + row * side;
    // Clamped (rounding can put a point a hair outside its cell), then truncated: the same as floor from 0 up.
    const tx = (x - startX) * stepScale;
    const ty = (y - startY) * stepScale;
    const kx = (tx < 0 ? 0 : tx > lastStep ? lastStep : tx) | 0;
    const ky = (ty < 0 ? 0 : ty > lastStep ? lastStep : ty) | 0;
    const slot = row * stride + column;
    const place = prefix[slot] as number;
    offsets[place] = (kx << 8) | ky;
    prefix[slot] = place + 1;
    const ex = x - stepCentre(startX, kx, step);
    const ey = y - stepCentre(startY, ky, step);
    if (ex > devX || -ex > devX) devX = Math.abs(ex);
    if (ey > devY || -ey > devY) devY = Math.abs(ey);
  }
  prefix.copyWithin(1, 0);
  prefix[0] = 0;
  return { devX, devY };
}
