/** fast-check generators for geo tests: clustered points around awkward places, with duplicates. */
import fc from 'fast-check';
import { DEG_TO_RAD, EARTH_RADIUS_M, haversineMeters } from '../../../core/geo/haversine.ts';

/**
 * The point `distanceM` from (lat, lon) along initial bearing `bearingDeg` on the sphere, computed with unit vectors
 * (accurate next to the poles, where asin(sin φ) is not).
 */
export function destination(lat: number, lon: number, bearingDeg: number, distanceM: number): [number, number] {
  const angle = distanceM / EARTH_RADIUS_M;
  const phi = lat * DEG_TO_RAD;
  const lambda = lon * DEG_TO_RAD;
  const theta = bearingDeg * DEG_TO_RAD;
  const up = [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
  const north = [-Math.sin(phi) * Math.cos(lambda), -Math.sin(phi) * Math.sin(lambda), Math.cos(phi)];
  const east = [-Math.sin(lambda), Math.cos(lambda), 0];
  const p = [0, 1, 2].map(
    (k) =>
      Math.cos(angle) * (up[k] as number) +
      Math.sin(angle) * (Math.cos(theta) * (north[k] as number) + Math.sin(theta) * (east[k] as number)),
  ) as [number, number, number];
  const lat2 = Math.atan2(p[2], Math.hypot(p[0], p[1])) / DEG_TO_RAD;
  // At a pole every longitude is the same point: keep the starting one.
  const lon2 = Math.hypot(p[0], p[1]) < 1e-15 ? lon : Math.atan2(p[1], p[0]) / DEG_TO_RAD;
  return [lat2, lon2];
}

/** Places where latitude/longitude indexes usually break, and a city for the ordinary case. */
export const PLACES: ReadonlyArray<readonly [number, number]> = [
  [34.69, 135.19],
  [89.9995, 10],
  [-89.9995, -120],
  [0.2, 179.9995],
  [-45, -179.9998],
  [90, 0],
];

export const placeArb = fc.constantFrom(...PLACES);

/** A point within `spreadM` of the place, by bearing and distance. */
export function nearPlaceArb(place: readonly [number, number], spreadM: number) {
  return fc
    .record({
      bearing: fc.double({ min: 0, max: 360, noNaN: true }),
      distance: fc.double({ min: 0, max: spreadM, noNaN: true }),
    })
    .map(({ bearing, distance }) => destination(place[0], place[1], bearing, distance));
}

export interface PointCloud {
  place: readonly [number, number];
  lats: Float64Array;
  lons: Float64Array;
}

/** Up to `maxPoints` points within `spreadM` of one place; some repeat earlier points exactly (ties). */
export function pointCloudArb(maxPoints: number, spreadM: number): fc.Arbitrary<PointCloud> {
  return placeArb.chain((place) =>
    fc.array(fc.tuple(nearPlaceArb(place, spreadM), fc.nat({ max: 9 })), { maxLength: maxPoints }).map((entries) => {
      const lats = new Float64Array(entries.length);
      const lons = new Float64Array(entries.length);
      entries.forEach(([[lat, lon], copy], i) => {
        // Roughly one point in five copies an earlier one exactly.
        const source = copy < 2 && i > 0 ? i - 1 - (copy % i) : i;
        lats[i] = source === i ? lat : (lats[source] as number);
        lons[i] = source === i ? lon : (lons[source] as number);
      });
      return { place, lats, lons };
    }),
  );
}

/** A query near the cloud's place, and a radius that is sometimes exactly the distance to a data point. */
export function queryArb(cloud: PointCloud, spreadM: number) {
  return fc.record({
    at: nearPlaceArb(cloud.place, spreadM),
    radiusM: fc.double({ min: 0, max: spreadM * 1.5, noNaN: true }),
    onPoint: fc.option(fc.nat({ max: Math.max(0, cloud.lats.length - 1) }), { nil: undefined }),
    limit: fc.integer({ min: 0, max: 30 }),
    candidateCap: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
    rejectModulo: fc.integer({ min: 1, max: 4 }),
  });
}

/** The query point and radius; when `onPoint` is set the radius is exactly the distance to that data point. */
export function resolveQuery(
  lats: Float64Array,
  lons: Float64Array,
  query: { at: [number, number]; radiusM: number; onPoint: number | undefined },
) {
  const [lat, lon] = query.at;
  const target = query.onPoint;
  const radiusM =
    target !== undefined && target < lats.length
      ? haversineMeters(lat, lon, lats[target] as number, lons[target] as number)
      : query.radiusM;
  return { lat, lon, radiusM };
}
