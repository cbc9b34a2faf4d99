import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundingBoxForRadius,
  boxContainsPoint,
  type GeoBox,
  splitAtAntimeridian,
} from '../../../core/geo/bounding-box.ts';
import { EARTH_RADIUS_M, haversineMeters } from '../../../core/geo/haversine.ts';
import { destination } from './arbitraries.ts';

const DEGREE_M = (EARTH_RADIUS_M * Math.PI) / 180;

describe('boundingBoxForRadius', () => {
  it.each<[string, number, number, number, Partial<GeoBox> & { wraps?: boolean }]>([
    ['zero radius is the point', 34.69, 135.19, 0, { minLat: 34.69, maxLat: 34.69 }],
    ['equator, one degree', 0, 0, DEGREE_M, { minLat: -1, maxLat: 1, minLon: -1, maxLon: 1 }],
    ['60°N widens longitude by 1/cos', 60, 10, DEGREE_M, { minLat: 59, maxLat: 61 }],
    ['reaching the north pole spans every longitude', 89.99, 10, 2000, { maxLat: 90, minLon: -180, maxLon: 180 }],
    ['reaching the south pole spans every longitude', -89.995, -50, 1000, { minLat: -90, minLon: -180, maxLon: 180 }],
    ['crossing +180 wraps', 0, 179.999, 1000, { wraps: true }],
    ['crossing -180 wraps', -20, -179.999, 1000, { wraps: true }],
    ['half the globe is everything', 10, 10, Math.PI * EARTH_RADIUS_M, { minLat: -90, maxLat: 90, minLon: -180 }],
  ])('%s', (_name, lat, lon, radiusM, expected) => {
    const box = boundingBoxForRadius(lat, lon, radiusM);
    for (const key of ['minLat', 'maxLat', 'minLon', 'maxLon'] as const) {
      const value = expected[key];
      if (value !== undefined) expect(box[key]).toBeCloseTo(value, 6);
    }
    if (expected.wraps !== undefined) expect(box.minLon > box.maxLon).toBe(expected.wraps);
    expect(boxContainsPoint(box, lat, lon)).toBe(true);
  });

  it('widens longitude by asin(sin θ / cos φ) at 60°N', () => {
    const box = boundingBoxForRadius(60, 10, DEGREE_M);
    const expected = (Math.asin(Math.sin(Math.PI / 180) / Math.cos(Math.PI / 3)) * 180) / Math.PI;
    expect(box.maxLon - 10).toBeCloseTo(expected, 8);
  });

  it('splits a wrapped box into its eastern and western parts', () => {
    const parts = splitAtAntimeridian(boundingBoxForRadius(0, 179.999, 1000));
    expect(parts).toHaveLength(2);
    expect(parts[0]?.maxLon).toBe(180);
    expect(parts[1]?.minLon).toBe(-180);
    expect(splitAtAntimeridian({ minLat: 0, minLon: 1, maxLat: 1, maxLon: 2 })).toHaveLength(1);
  });

  it('holds every point within the radius, including points exactly on it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 50_000, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lat, lon, bearing, radiusM, share) => {
          const [onLat, onLon] = destination(lat, lon, bearing, radiusM);
          // The radius that puts this point exactly on the circle, by the service's own distance.
          const exact = haversineMeters(lat, lon, onLat, onLon);
          const box = boundingBoxForRadius(lat, lon, exact);
          const [inLat, inLon] = destination(lat, lon, bearing, exact * share);
          expect(boxContainsPoint(box, onLat, onLon)).toBe(true);
          expect(boxContainsPoint(box, inLat, inLon)).toBe(true);
          for (const part of splitAtAntimeridian(box)) expect(part.minLon).toBeLessThanOrEqual(part.maxLon);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('explains bad input', () => {
    expect(() => boundingBoxForRadius(0, 0, -5)).toThrow(/radiusM is -5: pass a finite distance/);
    expect(() => boundingBoxForRadius(0, 200, 5)).toThrow(/longitude 200/);
  });
});
