import { cosOfLatitude, EARTH_RADIUS_M, haversineTermFromCos, metersFromHaversineTerm } from './haversine.ts';
import { type KdTree, nodeOffset, turnedVector } from './kd-tree.ts';
import { assertLatLon, assertRadius } from './validate.ts';

/**
 * Slack on chord lengths (unit sphere; 1e-12 ≈ 6 µm on Earth) between float64 unit vectors and the haversine
 * formula, which round differently (by about 1e-15). The tree's float32 rounding (`KdTree.roundingBound`) comes on top.
 */
export const CHORD_SLACK = 1e-12;

/** One query, prepared: its point in the tree's turned frame and the radius as squared chords. */
export interface QueryFrame {
  lat: number;
  lon: number;
  cosLat: number;
  x: number;
  y: number;
  /** 1 - z, as the tree stores it. */
  w: number;
  radiusM: number;
  /**
   * How far a chord computed from the tree's coords or boxes can be from the one the haversine formula implies: every
   * bound below is widened by it, so pruning never changes an answer.
   */
  slack: number;
  /** Points or boxes farther than this (squared chord) are certainly beyond the radius. */
  outerSq: number;
  /** Points or boxes nearer than this (squared chord) are certainly within it; -1 when nothing is certain. */
  innerSq: number;
}

const scratch = new Float64Array(3);

export function makeFrame(tree: KdTree, lat: number, lon: number, radiusM: number): QueryFrame {
  assertLatLon(lat, lon, 'query');
  assertRadius(radiusM);
  turnedVector(tree.rotation, lat, lon, scratch);
  const slack = tree.roundingBound + CHORD_SLACK;
  return frameOf(
    lat,
    lon,
    cosOfLatitude(lat),
    scratch[0] as number,
    scratch[1] as number,
    scratch[2] as number,
    radiusM,
    slack,
  );
}

/** The same query with another radius (no new rotation). */
export function withRadius(f: QueryFrame, radiusM: number): QueryFrame {
  assertRadius(radiusM);
  return frameOf(f.lat, f.lon, f.cosLat, f.x, f.y, f.w, radiusM, f.slack);
}

/** Every frame is built here, so all have one shape and the scans' property reads stay monomorphic. */
function frameOf(
  lat: number,
  lon: number,
  cosLat: number,
  x: number,
  y: number,
  w: number,
  radiusM: number,
  slack: number,
): QueryFrame {
  const chord = 2 * Math.sin(Math.min(radiusM / (2 * EARTH_RADIUS_M), Math.PI / 2));
  const outer = chord + slack;
  const inner = chord - slack;
  return { lat, lon, cosLat, x, y, w, radiusM, slack, outerSq: outer * outer, innerSq: inner > 0 ? inner * inner : -1 };
}

/** Squared chord from the query to the nearest point of node's box (0 inside it). */
export function boxDistanceSq(boxes: Float32Array, node: number, f: QueryFrame): number {
  const b = nodeOffset(node);
  const minX = (boxes[b] as number) - f.x;
  const minY = (boxes[b + 1] as number) - f.y;
  const minW = (boxes[b + 2] as number) - f.w;
  const maxX = (boxes[b + 3] as number) - f.x;
  const maxY = (boxes[b + 4] as number) - f.y;
  const maxW = (boxes[b + 5] as number) - f.w;
  const dx = minX > 0 ? minX : Math.min(maxX, 0);
  const dy = minY > 0 ? minY : Math.min(maxY, 0);
  const dw = minW > 0 ? minW : Math.min(maxW, 0);
  return dx * dx + dy * dy + dw * dw;
}

/** Squared chord from the query to the (float32) point at tree position p. */
export function pointChordSq(coords: Float32Array, p: number, f: QueryFrame): number {
  const o = p * 3; // COORD_STRIDE, written out as in nodeLo
  const dx = (coords[o] as number) - f.x;
  const dy = (coords[o + 1] as number) - f.y;
  const dw = (coords[o + 2] as number) - f.w;
  return dx * dx + dy * dy + dw * dw;
}

/** The exact haversine term from the query to the point at tree position p (the same operations as haversineMeters). */
export function exactHaversineTerm(exact: Float64Array, p: number, f: QueryFrame): number {
  const o = p * 3; // EXACT_STRIDE, written out as in nodeLo
  return haversineTermFromCos(
    f.lat,
    f.lon,
    f.cosLat,
    exact[o] as number,
    exact[o + 1] as number,
    exact[o + 2] as number,
  );
}

/** Whether the point at tree position p is within the radius by the exact rule (haversine metres ≤ radius). */
export function isWithin(tree: KdTree, p: number, f: QueryFrame): boolean {
  const chordSq = pointChordSq(tree.coords, p, f);
  if (chordSq > f.outerSq) return false;
  if (chordSq <= f.innerSq) return true;
  return metersFromHaversineTerm(exactHaversineTerm(tree.exact, p, f)) <= f.radiusM;
}
