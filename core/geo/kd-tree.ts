import { DEG_TO_RAD } from './haversine.ts';
import { assertLatLon } from './validate.ts';

/**
 * A static, implicit KD-tree over points on the unit sphere (x, y, z), packed into typed arrays.
 *
 * Working in 3-D removes the two awkward places of latitude/longitude trees: nothing wraps at ±180° and nothing
 * degenerates at the poles. The straight-line (chord) distance between unit vectors is a monotonic function of the
 * great-circle distance, so the distance from a query to a node's axis-aligned box is an exact lower bound with no
 * trigonometry, and "box entirely inside the circle" is a corner test.
 *
 * The sphere is first turned so that the data's mean direction becomes +z and local east +x: a city then lies almost
 * flat in the x-y plane and the boxes are as tight as those of a planar tree (without the turn, a city's patch is
 * tilted against every axis and each box is several times too large). Rotations keep chord lengths, so nothing else
 * changes; queries are turned the same way.
 *
 * Nodes are numbered as in a binary heap (children 2k+1, 2k+2). Node k holds the points at tree positions
 * [nodeLo[k], nodeHi[k]) and their tight bounding box; it is a leaf when it holds at most `leafSize` points.
 */
export interface KdTree {
  readonly size: number;
  readonly leafSize: number;
  /** Row-major 3×3 rotation applied to every unit vector (points and queries). */
  readonly rotation: Float64Array;
  /** Tree position → the caller's point index. */
  readonly order: Uint32Array;
  /** Per tree position, POINT_STRIDE numbers: x, y, z (turned unit vector), lat, lon (degrees), cos(lat). */
  readonly points: Float64Array;
  readonly nodeLo: Uint32Array;
  readonly nodeHi: Uint32Array;
  /** Per node, 6 numbers: minX, minY, minZ, maxX, maxY, maxZ. */
  readonly boxes: Float64Array;
}

export const POINT_STRIDE = 6;
export const DEFAULT_LEAF_SIZE = 32;
/**
 * The tree is built in place in its final arrays: selection moves whole point rows (and their caller index) together,
 * so no gather through the caller's arrays, which would read them at random, is needed at the end.
 */
const ROW = POINT_STRIDE;

export function buildKdTree(lats: ArrayLike<number>, lons: ArrayLike<number>, leafSize = DEFAULT_LEAF_SIZE): KdTree {
  if (lats.length !== lons.length) {
    throw new RangeError(`lats has ${lats.length} values and lons ${lons.length}: pass one latitude per longitude`);
  }
  if (!Number.isInteger(leafSize) || leafSize < 1) {
    throw new RangeError(`leafSize is ${leafSize}: pass a whole number of points per leaf, 1 or more`);
  }
  const size = lats.length;
  const points = new Float64Array(size * ROW);
  const order = new Uint32Array(size);
  let sumX = 0;
  let sumY = 0;
  let sumZ = 0;
  for (let i = 0; i < size; i++) {
    const lat = lats[i] as number;
    const lon = lons[i] as number;
    // Checked inline: building a message for each of a million valid points would dominate the build.
    if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) assertLatLon(lat, lon, `point ${i}`);
    const cosLat = Math.cos(lat * DEG_TO_RAD);
    const x = cosLat * Math.cos(lon * DEG_TO_RAD);
    const y = cosLat * Math.sin(lon * DEG_TO_RAD);
    const z = Math.sin(lat * DEG_TO_RAD);
    const o = i * ROW;
    points[o] = x;
    points[o + 1] = y;
    points[o + 2] = z;
    points[o + 3] = lat;
    points[o + 4] = lon;
    points[o + 5] = cosLat;
    order[i] = i;
    sumX += x;
    sumY += y;
    sumZ += z;
  }
  const rotation = rotationTowards(sumX, sumY, sumZ);
  for (let i = 0; i < size; i++) rotateRow(rotation, points, i * ROW);

  const nodeCount = size === 0 ? 0 : heapSlotsFor(size, leafSize);
  const nodeLo = new Uint32Array(nodeCount);
  const nodeHi = new Uint32Array(nodeCount);
  const boxes = new Float64Array(nodeCount * 6);
  if (size > 0) {
    const cell = rootBox(points, size);
    splitNode(points, order, nodeLo, nodeHi, leafSize, 0, 0, size, cell);
    fillBoxes(points, nodeLo, nodeHi, boxes, leafSize);
  }
  return { size, leafSize, rotation, order, points, nodeLo, nodeHi, boxes };
}

/** Turns the unit vector (x, y, z) with the tree's rotation, writing into `out` at `offset`. */
export function rotateInto(rotation: Float64Array, x: number, y: number, z: number, out: Float64Array, offset = 0) {
  out[offset] = (rotation[0] as number) * x + (rotation[1] as number) * y + (rotation[2] as number) * z;
  out[offset + 1] = (rotation[3] as number) * x + (rotation[4] as number) * y + (rotation[5] as number) * z;
  out[offset + 2] = (rotation[6] as number) * x + (rotation[7] as number) * y + (rotation[8] as number) * z;
}

function rotateRow(rotation: Float64Array, rows: Float64Array, o: number): void {
  rotateInto(rotation, rows[o] as number, rows[o + 1] as number, rows[o + 2] as number, rows, o);
}

/** Rows are local east, local north and the mean direction; the identity when the points have no clear mean. */
function rotationTowards(x: number, y: number, z: number): Float64Array {
  const length = Math.hypot(x, y, z);
  if (!(length > 1e-9)) return Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const ux = x / length;
  const uy = y / length;
  const uz = z / length;
  const eastLength = Math.hypot(ux, uy);
  const [ex, ey] = eastLength > 1e-12 ? [-uy / eastLength, ux / eastLength] : [1, 0];
  // north = up × east
  const nx = -uz * ey;
  const ny = uz * ex;
  const nz = ux * ey - uy * ex;
  return Float64Array.from([ex, ey, 0, nx, ny, nz, ux, uy, uz]);
}

/** Slots of a heap-numbered tree whose nodes halve until they hold at most leafSize points. */
function heapSlotsFor(size: number, leafSize: number): number {
  let depth = 0;
  while (Math.ceil(size / 2 ** depth) > leafSize) depth++;
  return 2 ** (depth + 1) - 1;
}

function rootBox(rows: Float64Array, size: number): Float64Array {
  const box = Float64Array.from([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  for (let p = 0; p < size; p++) {
    for (let axis = 0; axis < 3; axis++) {
      const v = rows[p * ROW + axis] as number;
      if (v < (box[axis] as number)) box[axis] = v;
      if (v > (box[axis + 3] as number)) box[axis + 3] = v;
    }
  }
  return box;
}

/**
 * Splits [lo, hi) at its middle position along the longest side of its cell (the region the parent's splits leave
 * it), so no pass over the points is needed to choose the axis.
 */
function splitNode(
  rows: Float64Array,
  order: Uint32Array,
  nodeLo: Uint32Array,
  nodeHi: Uint32Array,
  leafSize: number,
  node: number,
  lo: number,
  hi: number,
  cell: Float64Array,
): void {
  nodeLo[node] = lo;
  nodeHi[node] = hi;
  if (hi - lo <= leafSize) return;
  let axis = 0;
  for (let a = 1; a < 3; a++) {
    if ((cell[a + 3] as number) - (cell[a] as number) > (cell[axis + 3] as number) - (cell[axis] as number)) axis = a;
  }
  const mid = (lo + hi) >> 1;
  selectRows(rows, order, axis, mid, lo, hi - 1);
  const splitValue = rows[mid * ROW + axis] as number;
  const saved = cell[axis + 3] as number;
  cell[axis + 3] = splitValue;
  splitNode(rows, order, nodeLo, nodeHi, leafSize, 2 * node + 1, lo, mid, cell);
  cell[axis + 3] = saved;
  const savedMin = cell[axis] as number;
  cell[axis] = splitValue;
  splitNode(rows, order, nodeLo, nodeHi, leafSize, 2 * node + 2, mid, hi, cell);
  cell[axis] = savedMin;
}

/** Tight boxes, bottom-up: leaves from their points, parents as the union of their children. */
function fillBoxes(
  rows: Float64Array,
  nodeLo: Uint32Array,
  nodeHi: Uint32Array,
  boxes: Float64Array,
  leafSize: number,
) {
  for (let node = nodeLo.length - 1; node >= 0; node--) {
    const lo = nodeLo[node] as number;
    const hi = nodeHi[node] as number;
    if (hi === lo) continue; // unused heap slot
    const b = node * 6;
    if (hi - lo <= leafSize) {
      for (let axis = 0; axis < 3; axis++) {
        let min = Number.POSITIVE_INFINITY;
        let max = Number.NEGATIVE_INFINITY;
        for (let p = lo; p < hi; p++) {
          const v = rows[p * ROW + axis] as number;
          if (v < min) min = v;
          if (v > max) max = v;
        }
        boxes[b + axis] = min;
        boxes[b + 3 + axis] = max;
      }
      continue;
    }
    const l = (2 * node + 1) * 6;
    const r = (2 * node + 2) * 6;
    for (let k = 0; k < 3; k++) {
      boxes[b + k] = Math.min(boxes[l + k] as number, boxes[r + k] as number);
      boxes[b + 3 + k] = Math.max(boxes[l + 3 + k] as number, boxes[r + 3 + k] as number);
    }
  }
}

/**
 * Rearranges rows [left, right] so that row k holds the value it would hold if sorted on `axis`, with no larger value
 * before it and no smaller after it. Floyd and Rivest's selection (CACM 18(3), 1975): on large ranges it first selects
 * within a small sample around the expected position, so the final partition sees a pivot very close to the median
 * and about 1.5 n comparisons suffice where quickselect needs about 3 n.
 */
function selectRows(rows: Float64Array, order: Uint32Array, axis: number, k: number, left: number, right: number) {
  let lo = left;
  let hi = right;
  while (hi > lo) {
    if (hi - lo > 600) {
      const n = hi - lo + 1;
      const m = k - lo + 1;
      const z = Math.log(n);
      const s = 0.5 * Math.exp((2 * z) / 3);
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (m - n / 2 < 0 ? -1 : 1);
      const sampleLo = Math.max(lo, Math.floor(k - (m * s) / n + sd));
      const sampleHi = Math.min(hi, Math.floor(k + ((n - m) * s) / n + sd));
      selectRows(rows, order, axis, k, sampleLo, sampleHi);
    }
    const pivot = rows[k * ROW + axis] as number;
    let i = lo;
    let j = hi;
    swapRows(rows, order, lo, k);
    if ((rows[hi * ROW + axis] as number) > pivot) swapRows(rows, order, lo, hi);
    while (i < j) {
      swapRows(rows, order, i, j);
      i++;
      j--;
      while ((rows[i * ROW + axis] as number) < pivot) i++;
      while ((rows[j * ROW + axis] as number) > pivot) j--;
    }
    if ((rows[lo * ROW + axis] as number) === pivot) swapRows(rows, order, lo, j);
    else {
      j++;
      swapRows(rows, order, j, hi);
    }
    if (j <= k) lo = j + 1;
    if (k <= j) hi = j - 1;
  }
}

function swapRows(rows: Float64Array, order: Uint32Array, i: number, j: number): void {
  const a = i * ROW;
  const b = j * ROW;
  for (let c = 0; c < ROW; c++) {
    const t = rows[a + c] as number;
    rows[a + c] = rows[b + c] as number;
    rows[b + c] = t;
  }
  const t = order[i] as number;
  order[i] = order[j] as number;
  order[j] = t;
}
