/**
 * Circles that only graze the data: tight clusters far apart, queries between them, radii that end on a data point.
 * Here a node can be near the query while its children are beyond the radius (the walk goes straight down from the
 * root, queueing siblings, and must still visit them), and boundary leaves hold points on both sides of the radius and
 * in its rounding band (the branch-free counts must settle those exactly).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PointIndex } from '../../../core/geo/point-index.ts';
import { bruteNearest, bruteWithin } from '../../../scripts/bench/geo/brute-force.ts';
import { destination, PLACES } from './arbitraries.ts';

const clusterArb = fc.record({
  bearing: fc.double({ min: 0, max: 360, noNaN: true }),
  distance: fc.double({ min: 0, max: 2000, noNaN: true }),
  spread: fc.constantFrom(0, 0.5, 5, 30),
  count: fc.integer({ min: 1, max: 60 }),
});

const caseArb = fc
  .record({
    place: fc.constantFrom(...PLACES),
    clusters: fc.array(clusterArb, { minLength: 1, maxLength: 6 }),
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
  })
  .chain(({ place, clusters, seed }) => {
    const lats: number[] = [];
    const lons: number[] = [];
    let state = seed;
    const next = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state / 2 ** 32;
    };
    for (const cluster of clusters) {
      const [cLat, cLon] = destination(place[0], place[1], cluster.bearing, cluster.distance);
      for (let k = 0; k < cluster.count; k++) {
        const [lat, lon] = destination(cLat, cLon, next() * 360, next() * cluster.spread);
        lats.push(lat);
        lons.push(lon);
      }
    }
    return fc.record({
      lats: fc.constant(Float64Array.from(lats)),
      lons: fc.constant(Float64Array.from(lons)),
      at: fc
        .record({
          bearing: fc.double({ min: 0, max: 360, noNaN: true }),
          distance: fc.double({ min: 0, max: 2500, noNaN: true }),
        })
        .map(({ bearing, distance }) => destination(place[0], place[1], bearing, distance)),
      target: fc.nat({ max: lats.length - 1 }),
      nudge: fc.constantFrom(0, 0, 1e-9, -1e-9, 0.01, -0.01, 3, -3),
      limit: fc.integer({ min: 0, max: 40 }),
      cap: fc.option(fc.integer({ min: 0, max: 80 }), { nil: undefined }),
      leafSize: fc.constantFrom(1, 2, 4, 8, 32),
    });
  });

describe('nearest-first walk and counts on circles that graze far-apart clusters', () => {
  it('agree with brute force on hits, order, distances, truncation and counts', () => {
    fc.assert(
      fc.property(caseArb, ({ lats, lons, at, target, nudge, limit, cap, leafSize }) => {
        const [lat, lon] = at;
        const exactM = bruteWithin(lats, lons, lat, lon, Number.POSITIVE_INFINITY)[target]?.distanceM ?? 0;
        const radiusM = Math.max(0, exactM + nudge);
        const compareTies = (a: number, b: number) => (a % 3) - (b % 3) || b - a;
        const index = PointIndex.build(lats, lons, { leafSize, compareTies });
        const options = {
          radiusM,
          limit,
          compareTies,
          accept: (i: number) => i % 4 !== 2,
          ...(cap === undefined ? {} : { candidateCap: cap }),
        };
        expect(index.nearest(lat, lon, options)).toEqual(bruteNearest(lats, lons, lat, lon, options));
        const all = bruteNearest(lats, lons, lat, lon, { radiusM, limit: lats.length, compareTies }).hits;
        const walked: { index: number; distanceM: number }[] = [];
        index.visitNearestFirst(lat, lon, radiusM, (i, distanceM) => {
          walked.push({ index: i, distanceM });
          return true;
        });
        expect(walked).toEqual(all);
        expect(index.countWithin(lat, lon, radiusM)).toBe(all.length);
        expect(index.hasMoreThan(lat, lon, radiusM, cap ?? 20)).toBe(all.length > (cap ?? 20));
        const keyOf = (i: number) => i % 5;
        const byPosition = index.gatherByPosition(
          Uint8Array.from(lats, (_, i) => keyOf(i)),
          new Uint8Array(lats.length),
        );
        const counts = new Uint32Array(5);
        expect(index.countKeysWithin(lat, lon, radiusM, byPosition, counts)).toBe(all.length);
        const expected = new Uint32Array(5);
        for (const hit of all) expected[keyOf(hit.index)] = (expected[keyOf(hit.index)] as number) + 1;
        expect(counts).toEqual(expected);
      }),
      { numRuns: 600 },
    );
  });
});
