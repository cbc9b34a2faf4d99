import {
  cosOfLatitude,
  DEG_TO_RAD,
  EARTH_RADIUS_M,
  haversineTermFromCos,
  metersFromHaversineTerm,
} from './haversine.ts';
import { type KdTree, POINT_STRIDE } from './kd-tree.ts';
import { assertLatLon, assertRadius } from './validate.ts';

/**
 * Slack on chord lengths (unit sphere; 1e-12 ≈ 6 µm on Earth). The 3-D coordinates and the haversine formula round
 * differently (by about 1e-15); the slack covers that, so a bound from the tree never exceeds the haversine term that
 * the exact test computes, and pruning never drops a point that haversine puts within the radius.
 */
export const CHORD_SLACK = 1e-12;

/** One query, prepared: its point in the tree's turned frame and the radius as squared chords. */
export interface QueryFrame {
  lat: number;
  lon: number;
  cosLat: number;
  x: number;
  y: number;
  z: number;
  radiusM: number;
  /** Points or boxes farther than this (squared chord) are certainly beyond the radius. */
  outerSq: number;
  /** Points or boxes nearer than this (squared chord) are certainly within it; -1 when nothing is certain. */
  innerSq: number;
}

export function makeFrame(tree: KdTree, lat: number, lon: number, radiusM: number): QueryFrame {
  assertLatLon(lat, lon, 'query');
  assertRadius(radiusM);
  const cosLat = cosOfLatitude(lat);
  const chord = 2 * Math.sin(Math.min(radiusM / (2 * EARTH_RADIUS_M), Math.PI / 2));
  const outer = chord + CHORD_SLACK;
  const inner = chord - CHORD_SLACK;
  const x = cosLat * Math.cos(lon * DEG_TO_RAD);
  const y = cosLat * Math.sin(lon * DEG_TO_RAD);
  const z = Math.sin(lat * DEG_TO_RAD);
  const m = tree.rotation;
  return {
    lat,
    lon,
    cosLat,
    // The tree's rotation, written out (as rotateInto) to spare an allocation per query.
    x: (m[0] as number) * x + (m[1] as number) * y + (m[2] as number) * z,
    y: (m[3] as number) * x + (m[4] as number) * y + (m[5] as number) * z,
    z: (m[6] as number) * x + (m[7] as number) * y + (m[8] as number) * z,
    radiusM,
    outerSq: outer * outer,
    innerSq: inner > 0 ? inner * inner : -1,
  };
}

/** Squared chord from the query to the nearest point of node's box (0 inside it). */
export function boxDistanceSq(boxes: Float64Array, node: number, f: QueryFrame): number {
  const b = node * 6;
  const minX = (boxes[b] as number) - f.x;
  const minY = (boxes[b + 1] as number) - f.y;
  const minZ = (boxes[b + 2] as number) - f.z;
  const maxX = (boxes[b + 3] as number) - f.x;
  const maxY = (boxes[b + 4] as number) - f.y;
  const maxZ = (boxes[b + 5] as number) - f.z;
  const dx = minX > 0 ? minX : Math.min(maxX, 0);
  const dy = minY > 0 ? minY : Math.min(maxY, 0);
  const dz = minZ > 0 ? minZ : Math.min(maxZ, 0);
  return dx * dx + dy * dy + dz * dz;
}

/** Squared chord from the query to the point at tree position p. */
export function pointChordSq(points: Float64Array, p: number, f: QueryFrame): number {
  const o = p * POINT_STRIDE;
  const dx = (points[o] as number) - f.x;
  const dy = (points[o + 1] as number) - f.y;
  const dz = (points[o + 2] as number) - f.z;
  return dx * dx + dy * dy + dz * dz;
}

/**
 * A lower bound of the haversine term (chord²/4) of anything a computed squared chord of `chordSq` away, safe against
 * rounding. The computed chord may be short by up to about 1e-14 (coordinates and the haversine formula round
 * differently), which lowers chord² by at most 2e-14·chord ≤ 1e-8·chord² + 1e-20; subtracting that bound needs no
 * square root.
 */
export function haversineTermLowerBound(chordSq: number): number {
  return (chordSq * (1 - 1e-8) - 1e-20) / 4;
}

/** The exact haversine term from the query to the point at tree position p (the same operations as haversineMeters). */
export function exactHaversineTerm(points: Float64Array, p: number, f: QueryFrame): number {
  const o = p * POINT_STRIDE;
  return haversineTermFromCos(
    f.lat,
    f.lon,
    f.cosLat,
    points[o + 3] as number,
    points[o + 4] as number,
    points[o + 5] as number,
  );
}

/** Whether the point at tree position p is within the radius by the exact rule (haversine metres ≤ radius). */
export function isWithin(points: Float64Array, p: number, f: QueryFrame): boolean {
  const chordSq = pointChordSq(points, p, f);
  if (chordSq > f.outerSq) return false;
  if (chordSq <= f.innerSq) return true;
  return metersFromHaversineTerm(exactHaversineTerm(points, p, f)) <= f.radiusM;
}
