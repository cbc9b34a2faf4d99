import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCountGrid, type CountGrid } from '../../../core/geo/count-grid.ts';
import { compareCountWithCap, MORE, NOT_MORE, UNDECIDED } from '../../../core/geo/count-grid-bound.ts';
import { buildKdTree } from '../../../core/geo/kd-tree.ts';
import { PointIndex } from '../../../core/geo/point-index.ts';
import { makeFrame } from '../../../core/geo/query-frame.ts';
import { bruteWithin } from '../../../scripts/bench/geo/brute-force.ts';
import { destination, pointCloudArb, queryArb, resolveQuery } from './arbitraries.ts';

/** The grid's answer must never contradict the exact count: NOT_MORE only if count ≤ cap, MORE only if count > cap. */
function expectConsistent(verdict: number, within: number, cap: number) {
  if (verdict === NOT_MORE) expect(within).toBeLessThanOrEqual(cap);
  else if (verdict === MORE) expect(within).toBeGreaterThan(cap);
  else expect(verdict).toBe(UNDECIDED);
}

/** Caps on both sides of the exact count, where a bound one point off would answer wrongly. */
const capsAround = (within: number) =>
  [0, within - 2, within - 1, within, within + 1, 2 * within + 3].filter((c) => c >= 0);

const cellsArb = fc.constantFrom(0.01, 0.1, 0.5, 2, 8);

/** The largest double below x (x > 0). */
function justBelow(x: number): number {
  if (!(x > 0)) return x;
  const bits = new DataView(new ArrayBuffer(8));
  bits.setFloat64(0, x);
  bits.setBigUint64(0, bits.getBigUint64(0) - 1n);
  return bits.getFloat64(0);
}

describe('count grid bounds against a brute-force count', () => {
  it('never contradicts the exact count, around the poles, across ±180° and on the radius', () => {
    // Radii that end exactly on a point, or one unit in the last place short of it (the point just outside).
    const arb = pointCloudArb(400, 3000).chain((cloud) =>
      fc.record({
        cloud: fc.constant(cloud),
        query: queryArb(cloud, 3000),
        shortOfPoint: fc.boolean(),
        cellsPerPoint: cellsArb,
      }),
    );
    fc.assert(
      fc.property(arb, ({ cloud, query, shortOfPoint, cellsPerPoint }) => {
        const { lats, lons } = cloud;
        const tree = buildKdTree(lats, lons);
        const grid = buildCountGrid(tree, cellsPerPoint);
        const resolved = resolveQuery(lats, lons, query);
        const { lat, lon } = resolved;
        const radiusM = shortOfPoint && query.onPoint !== undefined ? justBelow(resolved.radiusM) : resolved.radiusM;
        const within = bruteWithin(lats, lons, lat, lon, radiusM).length;
        if (grid === undefined) {
          expect(lats.length).toBe(0);
          return;
        }
        const frame = makeFrame(tree, lat, lon, radiusM);
        for (const cap of capsAround(within)) expectConsistent(compareCountWithCap(grid, frame, cap), within, cap);
      }),
      { numRuns: 800 },
    );
  });

  it('does not count a point just beyond the radius, nor miss one on it, when it alone tips the cap', () => {
    // A crowd at the query (certainly inside) and one point at the radius: the cap equals the crowd, so only that
    // point decides, and its step square straddles the edge.
    fc.assert(
      fc.property(
        fc.constantFrom([34.69, 135.19], [89.9995, 10], [0.2, 179.9995], [-45, -179.9998]),
        // Integers scaled down: fc.double favours the ends of its range (due north), where x would go untested.
        fc.integer({ min: 0, max: 359_999 }).map((milli) => milli / 1000),
        fc.integer({ min: 1000, max: 2_500_000 }).map((mm) => mm / 1000),
        fc.integer({ min: 1, max: 30 }),
        cellsArb,
        fc.boolean(),
        ([lat, lon], bearing, distanceM, crowd, cellsPerPoint, shortOfPoint) => {
          const [edgeLat, edgeLon] = destination(lat as number, lon as number, bearing, distanceM);
          const lats = Float64Array.from({ length: crowd + 1 }, (_, i) => (i < crowd ? (lat as number) : edgeLat));
          const lons = Float64Array.from({ length: crowd + 1 }, (_, i) => (i < crowd ? (lon as number) : edgeLon));
          const exact = bruteWithin(lats, lons, lat as number, lon as number, 1e7).at(-1)?.distanceM as number;
          const radiusM = shortOfPoint ? justBelow(exact) : exact;
          const tree = buildKdTree(lats, lons);
          const grid = buildCountGrid(tree, cellsPerPoint) as CountGrid;
          const frame = makeFrame(tree, lat as number, lon as number, radiusM);
          const within = bruteWithin(lats, lons, lat as number, lon as number, radiusM).length;
          expect(within).toBe(shortOfPoint ? crowd : crowd + 1);
          for (const cap of capsAround(within)) expectConsistent(compareCountWithCap(grid, frame, cap), within, cap);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('never contradicts the exact count over points spread across the globe', () => {
    const pointArb = fc.tuple(
      fc.double({ min: -90, max: 90, noNaN: true }),
      fc.double({ min: -180, max: 180, noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.array(pointArb, { minLength: 1, maxLength: 200 }),
        pointArb,
        fc.double({ min: 0, max: 2.1e7, noNaN: true }),
        fc.option(fc.nat({ max: 199 }), { nil: undefined }),
        cellsArb,
        (points, at, r, onPoint, cellsPerPoint) => {
          const lats = Float64Array.from(points, ([lat]) => lat);
          const lons = Float64Array.from(points, ([, lon]) => lon);
          const { lat, lon, radiusM } = resolveQuery(lats, lons, { at, radiusM: r, onPoint });
          const tree = buildKdTree(lats, lons);
          const grid = buildCountGrid(tree, cellsPerPoint) as CountGrid;
          const within = bruteWithin(lats, lons, lat, lon, radiusM).length;
          const frame = makeFrame(tree, lat, lon, radiusM);
          for (const cap of capsAround(within)) expectConsistent(compareCountWithCap(grid, frame, cap), within, cap);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('settles most circles of a city, also close to the cap, without the tree', () => {
    // 20 000 points around one place; caps a few points from the exact count need the points along the edge.
    const lats = new Float64Array(20000);
    const lons = new Float64Array(20000);
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < lats.length; i++) {
      const [lat, lon] = destination(34.69, 135.19, random() * 360, 2000 * Math.sqrt(random()));
      lats[i] = lat;
      lons[i] = lon;
    }
    const tree = buildKdTree(lats, lons);
    const grid = buildCountGrid(tree) as CountGrid;
    let decided = 0;
    let asked = 0;
    for (let q = 0; q < 40; q++) {
      const [lat, lon] = destination(34.69, 135.19, random() * 360, 1500 * random());
      const radiusM = 100 + 600 * random();
      const within = bruteWithin(lats, lons, lat, lon, radiusM).length;
      const frame = makeFrame(tree, lat, lon, radiusM);
      for (const cap of [Math.floor(within / 2), within - 3, within + 3, within * 2]) {
        const verdict = compareCountWithCap(grid, frame, cap);
        expectConsistent(verdict, within, cap);
        asked++;
        if (verdict !== UNDECIDED) decided++;
      }
    }
    expect(decided / asked).toBeGreaterThan(0.9);
  });

  it('is absent for an empty index, which has nothing within any circle', () => {
    expect(buildCountGrid(buildKdTree([], []))).toBeUndefined();
    const index = PointIndex.build([], [], { countGridCellsPerPoint: 0.5 });
    expect(index.hasMoreThan(0, 0, 1e7, 0)).toBe(false);
    expect(index.nearest(90, 180, { radiusM: 1e7, limit: 1, candidateCap: 0 }).candidateTruncated).toBe(false);
  });

  it('counts every copy of one repeated point, and a point exactly on the radius', () => {
    const lats = Float64Array.from([89.9995, 89.9995, 89.9995, 89.999]);
    const lons = Float64Array.from([180, 180, 180, -180]);
    const tree = buildKdTree(lats, lons);
    const grid = buildCountGrid(tree, 4) as CountGrid;
    const on = bruteWithin(lats, lons, 90, 0, 0).length;
    expect(on).toBe(0);
    const radiusM = bruteWithin(lats, lons, 89.9995, -180, 1e6).find((hit) => hit.index === 3)?.distanceM ?? 0;
    const frame = makeFrame(tree, 89.9995, -180, radiusM);
    expect(compareCountWithCap(grid, frame, 3)).not.toBe(NOT_MORE);
    expect(compareCountWithCap(grid, frame, 4)).not.toBe(MORE);
    const index = PointIndex.build(lats, lons, { countGridCellsPerPoint: 4 });
    expect(index.hasMoreThan(89.9995, -180, radiusM, 3)).toBe(true);
    expect(index.hasMoreThan(89.9995, -180, radiusM, 4)).toBe(false);
    expect(index.hasMoreThan(89.9995, -180, 0, 2)).toBe(true);
  });
});
