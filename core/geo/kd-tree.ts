import { cosOfLatitude, DEG_TO_RAD } from './haversine.ts';
import { assertLatLon } from './validate.ts';

/**
 * A static, implicit KD-tree over points on the unit sphere, packed into typed arrays.
 *
 * Working in 3-D removes the two awkward places of latitude/longitude trees: nothing wraps at ±180° and nothing
 * degenerates at the poles. The straight-line (chord) distance between unit vectors is a monotonic function of the
 * great-circle distance, so the distance from a query to a node's axis-aligned box is a lower bound with no
 * trigonometry, and "box entirely inside the circle" is a corner test.
 *
 * The sphere is first turned so that the data's mean direction becomes +z and local east +x: a city then lies almost
 * flat in the x-y plane and the boxes are as tight as those of a planar tree (without the turn, a city's patch is
 * tilted against every axis and each box is several times too large). The third coordinate is stored as w = 1 - z,
 * which is small near the mean direction. Rotations keep chord lengths; queries are turned the same way.
 *
 * Coordinates and boxes are float32: a scan reads 12 bytes per point instead of 48 (counts over a circle are about a
 * quarter faster). Rounding to float32 moves a point by at most `roundingBound` (a proven bound, from the largest
 * coordinate; well under a millimetre for a city), so every bound from the tree is widened by it and pruning never
 * changes an answer. Exact distances use the float64 latitude, longitude and cos(latitude) in `exact`, read only for
 * the few points whose distance is needed.
 *
 * Nodes are numbered as in a binary heap (children 2k+1, 2k+2). Node k holds the points at tree positions [lo, hi)
 * and their tight bounding box; it is a leaf when it holds at most `leafSize` points. Each node is one 32-byte record
 * (box and range), and the records of two siblings share one 64-byte cache line: expanding a node reads one line.
 */
export interface KdTree {
  readonly size: number;
  readonly leafSize: number;
  /** Row-major 3×3 rotation applied to every unit vector (points and queries). */
  readonly rotation: Float64Array;
  /** Tree position → the caller's point index. */
  readonly order: Uint32Array;
  /** Per tree position, COORD_STRIDE float32 numbers: x, y, w = 1 - z of the turned unit vector. */
  readonly coords: Float32Array;
  /** Per tree position, EXACT_STRIDE numbers: latitude, longitude (degrees), cos(latitude), as given. */
  readonly exact: Float64Array;
  /** Number of node slots (unused heap slots hold the empty range). */
  readonly nodeCount: number;
  /** Node records as float32, from nodeOffset(node): minX, minY, minW, maxX, maxY, maxW of its points' coords. */
  readonly boxes: Float32Array;
  /** The same records as uint32: node's tree positions are [ranges[offset + RANGE_LO], ranges[offset + RANGE_HI]). */
  readonly ranges: Uint32Array;
  /** Largest distance (unit-sphere chord) between a point's float32 coords and its float64 unit vector. */
  readonly roundingBound: number;
}

export const COORD_STRIDE = 3;
export const NODE_STRIDE = 8;
export const RANGE_LO = 6;
export const RANGE_HI = 7;
export const EXACT_STRIDE = 3;
export const DEFAULT_LEAF_SIZE = 32;
/** float32 rounds to nearest: a coordinate moves by at most 2^-24 of its magnitude (subnormals aside, far below). */
const FLOAT32_UNIT_ROUNDOFF = 2 ** -24;

export function buildKdTree(lats: ArrayLike<number>, lons: ArrayLike<number>, leafSize = DEFAULT_LEAF_SIZE): KdTree {
  if (lats.length !== lons.length) {
    throw new RangeError(`lats has ${lats.length} values and lons ${lons.length}: pass one latitude per longitude`);
  }
  if (!Number.isInteger(leafSize) || leafSize < 1) {
    throw new RangeError(`leafSize is ${leafSize}: pass a whole number of points per leaf, 1 or more`);
  }
  const size = lats.length;
  const rotation = rotationTowardsMean(lats, lons);
  const coords = new Float32Array(size * COORD_STRIDE);
  const order = new Uint32Array(size);
  const cell = Float64Array.from([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  const roundingBound = fillCoords(lats, lons, rotation, coords, order, cell);

  const nodeCount = size === 0 ? 0 : heapSlotsFor(size, leafSize);
  // One spare record in front, so that siblings 2k+1 and 2k+2 start on a 64-byte boundary.
  const records = new ArrayBuffer((nodeCount + 1) * NODE_STRIDE * 4);
  const boxes = new Float32Array(records);
  const ranges = new Uint32Array(records);
  if (size > 0) {
    splitNode(coords, order, ranges, leafSize, 0, 0, size, cell);
    fillBoxes(coords, boxes, ranges, nodeCount, leafSize);
  }
  const exact = fillExact(lats, lons, order);
  return { size, leafSize, rotation, order, coords, exact, nodeCount, boxes, ranges, roundingBound };
}

// The accessors below write NODE_STRIDE, RANGE_LO and RANGE_HI out as numbers: they run in every hot loop, and a
// module's exported constants are read from its environment rather than folded in (measured, a few per cent).

/** Where node's record starts in `boxes` and `ranges`. */
export function nodeOffset(node: number): number {
  return (node + 1) << 3;
}

/** First tree position of node. */
export function nodeLo(ranges: Uint32Array, node: number): number {
  return ranges[((node + 1) << 3) + 6] as number;
}

/** One past the last tree position of node. */
export function nodeHi(ranges: Uint32Array, node: number): number {
  return ranges[((node + 1) << 3) + 7] as number;
}

/**
 * The float64 latitude, longitude and cos(latitude) of every point, by tree position. Written by scattering (reading
 * the caller's arrays in order and writing each row where its point went) rather than gathering: a random write does
 * not hold up the loop the way a random read does (measured, about twice as fast at a million points).
 */
function fillExact(lats: ArrayLike<number>, lons: ArrayLike<number>, order: Uint32Array): Float64Array {
  const size = order.length;
  const positionOf = new Uint32Array(size);
  for (let p = 0; p < size; p++) positionOf[order[p] as number] = p;
  const exact = new Float64Array(size * EXACT_STRIDE);
  for (let i = 0; i < size; i++) {
    const lat = lats[i] as number;
    const o = (positionOf[i] as number) * EXACT_STRIDE;
    exact[o] = lat;
    exact[o + 1] = lons[i] as number;
    exact[o + 2] = cosOfLatitude(lat);
  }
  return exact;
}

/**
 * The turned unit vector of (lat, lon) as x, y and w = 1 - z, written into `out` at `offset` (float64, for queries;
 * the tree's points go through the same operations before rounding to float32).
 */
export function turnedVector(rotation: Float64Array, lat: number, lon: number, out: Float64Array, offset = 0): void {
  const cosLat = Math.cos(lat * DEG_TO_RAD);
  const x = cosLat * Math.cos(lon * DEG_TO_RAD);
  const y = cosLat * Math.sin(lon * DEG_TO_RAD);
  const z = Math.sin(lat * DEG_TO_RAD);
  out[offset] = (rotation[0] as number) * x + (rotation[1] as number) * y + (rotation[2] as number) * z;
  out[offset + 1] = (rotation[3] as number) * x + (rotation[4] as number) * y + (rotation[5] as number) * z;
  out[offset + 2] = 1 - ((rotation[6] as number) * x + (rotation[7] as number) * y + (rotation[8] as number) * z);
}

/**
 * One pass over the caller's points: checks them, writes their turned coords (float32) and the identity order, and
 * grows `box` (min x, y, w, then max) to hold every rounded coord. Returns the bound on float32 rounding. (fillExact
 * computes cos(latitude) again: keeping it from here would save 7 % of the build but hold 8 MB more until the next
 * collection.)
 */
function fillCoords(
  lats: ArrayLike<number>,
  lons: ArrayLike<number>,
  rotation: Float64Array,
  coords: Float32Array,
  order: Uint32Array,
  box: Float64Array,
): number {
  const at = (k: number) => rotation[k] as number;
  const [r0, r1, r2, r3, r4, r5, r6, r7, r8] = [at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7), at(8)];
  let maxNormSq = 0;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let minW = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  let maxW = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < order.length; i++) {
    const lat = lats[i] as number;
    const lon = lons[i] as number;
    // Checked inline: building a message for each of a million valid points would dominate the build.
    if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) assertLatLon(lat, lon, `point ${i}`);
    // The operations of turnedVector, in the same order (queries are turned by it).
    const cosLat = Math.cos(lat * DEG_TO_RAD);
    const ux = cosLat * Math.cos(lon * DEG_TO_RAD);
    const uy = cosLat * Math.sin(lon * DEG_TO_RAD);
    const uz = Math.sin(lat * DEG_TO_RAD);
    const x = r0 * ux + r1 * uy + r2 * uz;
    const y = r3 * ux + r4 * uy + r5 * uz;
    const w = 1 - (r6 * ux + r7 * uy + r8 * uz);
    const o = i * COORD_STRIDE;
    coords[o] = x;
    coords[o + 1] = y;
    coords[o + 2] = w;
    order[i] = i;
    const normSq = x * x + y * y + w * w;
    if (normSq > maxNormSq) maxNormSq = normSq;
    const fx = coords[o] as number;
    const fy = coords[o + 1] as number;
    const fw = coords[o + 2] as number;
    if (fx < minX) minX = fx;
    if (fx > maxX) maxX = fx;
    if (fy < minY) minY = fy;
    if (fy > maxY) maxY = fy;
    if (fw < minW) minW = fw;
    if (fw > maxW) maxW = fw;
  }
  box.set([minX, minY, minW, maxX, maxY, maxW]);
  // Each coordinate moves by at most 2^-24 of itself, so the point by at most 2^-24 of its norm; 1 % on top covers the
  // rounding of this computation.
  return Math.sqrt(maxNormSq) * FLOAT32_UNIT_ROUNDOFF * 1.01;
}

/**
 * Rows are local east, local north and the mean direction; the identity when the points have no clear mean. Any
 * rotation gives the same answers (only box tightness depends on it), so a sample of the points is enough.
 */
function rotationTowardsMean(lats: ArrayLike<number>, lons: ArrayLike<number>): Float64Array {
  const step = Math.max(1, Math.floor(lats.length / 4096));
  let sumX = 0;
  let sumY = 0;
  let sumZ = 0;
  for (let i = 0; i < lats.length; i += step) {
    const cosLat = Math.cos((lats[i] as number) * DEG_TO_RAD);
    sumX += cosLat * Math.cos((lons[i] as number) * DEG_TO_RAD);
    sumY += cosLat * Math.sin((lons[i] as number) * DEG_TO_RAD);
    sumZ += Math.sin((lats[i] as number) * DEG_TO_RAD);
  }
  const length = Math.hypot(sumX, sumY, sumZ);
  if (!(length > 1e-9)) return Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const ux = sumX / length;
  const uy = sumY / length;
  const uz = sumZ / length;
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

/**
 * Splits [lo, hi) at its middle position along the longest side of its cell (the region the parent's splits leave
 * it), so no pass over the points is needed to choose the axis.
 */
function splitNode(
  coords: Float32Array,
  order: Uint32Array,
  ranges: Uint32Array,
  leafSize: number,
  node: number,
  lo: number,
  hi: number,
  cell: Float64Array,
): void {
  ranges[nodeOffset(node) + RANGE_LO] = lo;
  ranges[nodeOffset(node) + RANGE_HI] = hi;
  if (hi - lo <= leafSize) return;
  let axis = 0;
  for (let a = 1; a < 3; a++) {
    if ((cell[a + 3] as number) - (cell[a] as number) > (cell[axis + 3] as number) - (cell[axis] as number)) axis = a;
  }
  const mid = (lo + hi) >> 1;
  selectRows(coords, order, axis, mid, lo, hi - 1);
  const splitValue = coords[mid * COORD_STRIDE + axis] as number;
  const saved = cell[axis + 3] as number;
  cell[axis + 3] = splitValue;
  splitNode(coords, order, ranges, leafSize, 2 * node + 1, lo, mid, cell);
  cell[axis + 3] = saved;
  const savedMin = cell[axis] as number;
  cell[axis] = splitValue;
  splitNode(coords, order, ranges, leafSize, 2 * node + 2, mid, hi, cell);
  cell[axis] = savedMin;
}

/** Tight boxes, bottom-up: leaves from their points, parents as the union of their children. */
function fillBoxes(
  coords: Float32Array,
  boxes: Float32Array,
  ranges: Uint32Array,
  nodeCount: number,
  leafSize: number,
) {
  for (let node = nodeCount - 1; node >= 0; node--) {
    const b = nodeOffset(node);
    const lo = ranges[b + RANGE_LO] as number;
    const hi = ranges[b + RANGE_HI] as number;
    if (hi === lo) continue; // unused heap slot
    if (hi - lo <= leafSize) {
      for (let axis = 0; axis < 3; axis++) {
        let min = Number.POSITIVE_INFINITY;
        let max = Number.NEGATIVE_INFINITY;
        for (let p = lo; p < hi; p++) {
          const v = coords[p * COORD_STRIDE + axis] as number;
          if (v < min) min = v;
          if (v > max) max = v;
        }
        boxes[b + axis] = min;
        boxes[b + 3 + axis] = max;
      }
      continue;
    }
    const l = nodeOffset(2 * node + 1);
    const r = nodeOffset(2 * node + 2);
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
function selectRows(coords: Float32Array, order: Uint32Array, axis: number, k: number, left: number, right: number) {
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
      selectRows(coords, order, axis, k, sampleLo, sampleHi);
    }
    const pivot = coords[k * COORD_STRIDE + axis] as number;
    let i = lo;
    let j = hi;
    swapRows(coords, order, lo, k);
    if ((coords[hi * COORD_STRIDE + axis] as number) > pivot) swapRows(coords, order, lo, hi);
    while (i < j) {
      swapRows(coords, order, i, j);
      i++;
      j--;
      while ((coords[i * COORD_STRIDE + axis] as number) < pivot) i++;
      while ((coords[j * COORD_STRIDE + axis] as number) > pivot) j--;
    }
    if ((coords[lo * COORD_STRIDE + axis] as number) === pivot) swapRows(coords, order, lo, j);
    else {
      j++;
      swapRows(coords, order, j, hi);
    }
    if (j <= k) lo = j + 1;
    if (k <= j) hi = j - 1;
  }
}

function swapRows(coords: Float32Array, order: Uint32Array, i: number, j: number): void {
  const a = i * COORD_STRIDE;
  const b = j * COORD_STRIDE;
  const x = coords[a] as number;
  const y = coords[a + 1] as number;
  const w = coords[a + 2] as number;
  coords[a] = coords[b] as number;
  coords[a + 1] = coords[b + 1] as number;
  coords[a + 2] = coords[b + 2] as number;
  coords[b] = x;
  coords[b + 1] = y;
  coords[b + 2] = w;
  const t = order[i] as number;
  order[i] = order[j] as number;
  order[j] = t;
}
