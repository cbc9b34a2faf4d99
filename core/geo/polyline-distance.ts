import { cosOfLatitude, haversineMeters } from './haversine.ts';

/** A vertex as [lat, lon] in degrees (the order the API uses for axes and edge geometry). */
export type LatLon = readonly [lat: number, lon: number];

function wrapLongitudeDelta(delta: number): number {
  if (delta > 180) return delta - 360;
  if (delta < -180) return delta + 360;
  return delta;
}

function wrapLongitude(lon: number): number {
  if (lon > 180) return lon - 360;
  if (lon < -180) return lon + 360;
  return lon;
}

/**
 * Metres from a point to a segment that runs straight in latitude/longitude (what a short road edge is).
 * The closest point is found in an equirectangular plane centred on the query, then measured with haversine, so the
 * error is second order in the projection's distortion (well under a centimetre for city-scale segments) and the distance
 * to an end of the segment is exactly the haversine distance to that vertex.
 * `cosQueryLat` is `cosOfLatitude(lat)`; pass it when measuring many segments from one point.
 */
export function pointToSegmentMeters(
  lat: number,
  lon: number,
  aLat: number,
  aLon: number,
  bLat: number,
  bLon: number,
  cosQueryLat = cosOfLatitude(lat),
): number {
  const ax = wrapLongitudeDelta(aLon - lon) * cosQueryLat;
  const ay = aLat - lat;
  const segLon = wrapLongitudeDelta(bLon - aLon);
  const dx = segLon * cosQueryLat;
  const dy = bLat - aLat;
  const lengthSq = dx * dx + dy * dy;
  const t = lengthSq > 0 ? -(ax * dx + ay * dy) / lengthSq : 0;
  if (t <= 0) return haversineMeters(lat, lon, aLat, aLon);
  if (t >= 1) return haversineMeters(lat, lon, bLat, bLon);
  return haversineMeters(lat, lon, aLat + t * dy, wrapLongitude(aLon + t * segLon));
}

/** Minimum metres from a point to a polyline of [lat, lon] vertices; a single vertex is a point. */
export function pointToPolylineMeters(lat: number, lon: number, line: ReadonlyArray<LatLon>): number {
  const first = line[0];
  if (first === undefined) throw new RangeError('polyline has no vertices: pass at least one [lat, lon] pair');
  if (line.length === 1) return haversineMeters(lat, lon, first[0], first[1]);
  const cosQueryLat = cosOfLatitude(lat);
  let best = Number.POSITIVE_INFINITY;
  let prev = first;
  for (let i = 1; i < line.length; i++) {
    const next = line[i] as LatLon;
    const d = pointToSegmentMeters(lat, lon, prev[0], prev[1], next[0], next[1], cosQueryLat);
    if (d < best) best = d;
    prev = next;
  }
  return best;
}
