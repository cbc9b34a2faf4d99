import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EARTH_RADIUS_M,
  haversineMeters,
  haversineTermForMeters,
  metersFromHaversineTerm,
} from '../../../core/geo/haversine.ts';
import { destination } from './arbitraries.ts';

const DEGREE_M = (EARTH_RADIUS_M * Math.PI) / 180;

describe('haversineMeters', () => {
  it.each([
    ['same point', 34.69, 135.19, 34.69, 135.19, 0],
    ['one degree along the equator', 0, 0, 0, 1, DEGREE_M],
    ['one degree along a meridian', 10, 20, 11, 20, DEGREE_M],
    ['pole to pole', 90, 0, -90, 0, Math.PI * EARTH_RADIUS_M],
    ['antipodes on the equator', 0, 0, 0, 180, Math.PI * EARTH_RADIUS_M],
    ['across +180/-180', 0, 179.9995, 0, -179.9995, 0.001 * DEGREE_M],
    ['-180 and +180 are one meridian', 12, -180, 12, 180, 0],
    ['pole with different longitudes', 90, 0, 90, 123, 0],
    ['one degree past the north pole', 89.5, 0, 89.5, 180, DEGREE_M],
    ['Sannomiya to Umeda (independent Python value)', 34.6947, 135.1957, 34.7025, 135.4959, 27_457.951_132_542],
  ])('%s', (_name, lat1, lon1, lat2, lon2, expected) => {
    const tolerance = 1e-6;
    expect(Math.abs(haversineMeters(lat1, lon1, lat2, lon2) - expected)).toBeLessThanOrEqual(tolerance);
  });

  it('is symmetric to the last bit', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat1, lon1, lat2, lon2) => {
          expect(haversineMeters(lat1, lon1, lat2, lon2)).toBe(haversineMeters(lat2, lon2, lat1, lon1));
        },
      ),
    );
  });

  it('returns the distance a point was placed at (city scale, within a millimetre)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -89, max: 89, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        (lat, lon, bearing, distance) => {
          const [lat2, lon2] = destination(lat, lon, bearing, distance);
          expect(Math.abs(haversineMeters(lat, lon, lat2, lon2) - distance)).toBeLessThan(1e-3);
        },
      ),
    );
  });
});

describe('haversine term', () => {
  it.each([0, 1, 150, 1000, 3000, 1e6, Math.PI * EARTH_RADIUS_M])('round-trips %d m', (meters) => {
    expect(metersFromHaversineTerm(haversineTermForMeters(meters))).toBeCloseTo(meters, 6);
  });

  it('caps radii beyond half the globe at the antipode', () => {
    expect(haversineTermForMeters(1e9)).toBe(1);
  });
});
