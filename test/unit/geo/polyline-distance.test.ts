import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M, haversineMeters } from '../../../core/geo/haversine.ts';
import { type LatLon, pointToPolylineMeters, pointToSegmentMeters } from '../../../core/geo/polyline-distance.ts';
import { destination } from './arbitraries.ts';

const DEGREE_M = (EARTH_RADIUS_M * Math.PI) / 180;

/** The true minimum over the segment's latitude/longitude path, by ternary search (the distance is unimodal there). */
function minimumAlongPath(lat: number, lon: number, a: LatLon, b: LatLon): number {
  let dLon = b[1] - a[1];
  if (dLon > 180) dLon -= 360;
  if (dLon < -180) dLon += 360;
  const at = (t: number) => {
    let pLon = a[1] + t * dLon;
    if (pLon > 180) pLon -= 360;
    if (pLon < -180) pLon += 360;
    return haversineMeters(lat, lon, a[0] + t * (b[0] - a[0]), pLon);
  };
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 200; i++) {
    const m1 = lo + (hi - lo) / 3;
    const m2 = hi - (hi - lo) / 3;
    if (at(m1) <= at(m2)) hi = m2;
    else lo = m1;
  }
  return Math.min(at((lo + hi) / 2), at(0), at(1));
}

describe('pointToSegmentMeters', () => {
  it.each<[string, number, number, LatLon, LatLon, number]>([
    ['beside the middle of an equator segment', 0.001, 0.5, [0, 0], [0, 1], 0.001 * DEGREE_M],
    ['beyond the start: distance to the start vertex', 0, -0.001, [0, 0], [0, 1], 0.001 * DEGREE_M],
    ['beyond the end: distance to the end vertex', 0.002, 1, [0, 0], [0, 1], 0.002 * DEGREE_M],
    ['on the segment', 34.7, 135.2, [34.69, 135.2], [34.71, 135.2], 0],
    ['a zero-length segment is a point', 34.7, 135.2, [34.701, 135.2], [34.701, 135.2], 0.001 * DEGREE_M],
    ['segment across ±180°', 0.0001, 180, [0, 179.999], [0, -179.999], 0.0001 * DEGREE_M],
    ['query across ±180° from the segment', 0, -179.9999, [-0.001, 179.9999], [0.001, 179.9999], 0.0002 * DEGREE_M],
  ])('%s', (_name, lat, lon, a, b, expected) => {
    expect(pointToSegmentMeters(lat, lon, a[0], a[1], b[0], b[1])).toBeCloseTo(expected, 4);
  });

  it('at a vertex it is exactly the haversine distance', () => {
    const d = pointToSegmentMeters(34.7, 135.2, 34.71, 135.21, 34.72, 135.25);
    expect(d).toBe(haversineMeters(34.7, 135.2, 34.71, 135.21));
  });

  it('is within a centimetre of the true minimum at city scale, never below it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.tuple(fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 0, max: 2000, noNaN: true })),
        fc.tuple(fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 0, max: 3000, noNaN: true })),
        (lat, lon, [bearing, length], [queryBearing, queryDistance]) => {
          const a: LatLon = [lat, lon];
          const b = destination(lat, lon, bearing, length);
          const [qLat, qLon] = destination(lat, lon, queryBearing, queryDistance);
          const ours = pointToSegmentMeters(qLat, qLon, a[0], a[1], b[0], b[1]);
          const truth = minimumAlongPath(qLat, qLon, a, b);
          expect(ours).toBeGreaterThanOrEqual(truth - 1e-6);
          expect(ours - truth).toBeLessThan(0.01);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('pointToPolylineMeters', () => {
  it('takes the nearest segment', () => {
    const line: LatLon[] = [
      [0, 0],
      [0, 1],
      [1, 1],
    ];
    expect(pointToPolylineMeters(0.5, 1.001, line)).toBeCloseTo(0.001 * DEGREE_M * Math.cos(0.5 * (Math.PI / 180)), 2);
  });

  it('treats one vertex as a point', () => {
    expect(pointToPolylineMeters(1, 1, [[1, 2]])).toBe(haversineMeters(1, 1, 1, 2));
  });

  it('explains an empty polyline', () => {
    expect(() => pointToPolylineMeters(1, 1, [])).toThrow(/at least one \[lat, lon\]/);
  });
});
