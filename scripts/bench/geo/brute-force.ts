/**
 * Brute-force twins of the geo indexes: the same rules written as plainly as possible (scan everything, sort
 * everything). Tests compare the indexes with these; the geo bench (scripts/bench/geo.ts) times them.
 */
import { haversineMeters } from '../../../core/geo/haversine.ts';
import { type GeoPolygonGeometry, polygonGeometryContains } from '../../../core/geo/point-in-polygon.ts';
import type { NearestHit, NearestResult, TieBreak } from '../../../core/geo/point-index.ts';
import { type LatLon, pointToPolylineMeters } from '../../../core/geo/polyline-distance.ts';

export interface BruteNearestOptions {
  radiusM: number;
  limit: number;
  accept?: (index: number) => boolean;
  candidateCap?: number;
  compareTies?: TieBreak;
}

export function bruteWithin(lats: ArrayLike<number>, lons: ArrayLike<number>, lat: number, lon: number, r: number) {
  const hits: NearestHit[] = [];
  for (let i = 0; i < lats.length; i++) {
    const distanceM = haversineMeters(lat, lon, lats[i] as number, lons[i] as number);
    if (distanceM <= r) hits.push({ index: i, distanceM });
  }
  return hits;
}

export function bruteNearest(
  lats: ArrayLike<number>,
  lons: ArrayLike<number>,
  lat: number,
  lon: number,
  options: BruteNearestOptions,
): NearestResult {
  const compareTies = options.compareTies ?? ((a: number, b: number) => a - b);
  const candidates = bruteWithin(lats, lons, lat, lon, options.radiusM);
  candidates.sort((a, b) => a.distanceM - b.distanceM || compareTies(a.index, b.index));
  const cap = options.candidateCap ?? Number.POSITIVE_INFINITY;
  const kept = candidates.slice(0, cap);
  const accept = options.accept ?? (() => true);
  return {
    hits: kept.filter((hit) => accept(hit.index)).slice(0, options.limit),
    candidateTruncated: candidates.length > cap,
  };
}

export interface LineHit {
  line: number;
  distanceM: number;
}

export function bruteLinesNear(lines: ReadonlyArray<ReadonlyArray<LatLon>>, lat: number, lon: number, r: number) {
  const hits: LineHit[] = [];
  lines.forEach((line, index) => {
    const distanceM = pointToPolylineMeters(lat, lon, line);
    if (distanceM <= r) hits.push({ line: index, distanceM });
  });
  return hits.sort((a, b) => a.distanceM - b.distanceM || a.line - b.line);
}

export function bruteContaining(polygons: ReadonlyArray<GeoPolygonGeometry>, lat: number, lon: number): number[] {
  const found: number[] = [];
  polygons.forEach((polygon, index) => {
    if (polygonGeometryContains(polygon, lat, lon)) found.push(index);
  });
  return found;
}
