import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../../../core/geo/haversine.ts';
import { buildKdTree } from '../../../core/geo/kd-tree.ts';
import { KeyHistogram } from '../../../core/geo/key-histogram.ts';
import { forEachRangeOfNearest } from '../../../core/geo/nearest-set.ts';
import { PointIndex } from '../../../core/geo/point-index.ts';
import { makeFrame } from '../../../core/geo/query-frame.ts';
import { forEachRangeWithin } from '../../../core/geo/radius-scan.ts';
import { bruteNearest, bruteWithin } from '../../../scripts/bench/geo/brute-force.ts';
import { pointCloudArb, queryArb, resolveQuery } from './arbitraries.ts';

const SPREAD_M = 3000;

const caseArb = pointCloudArb(300, SPREAD_M).chain((cloud) =>
  fc.record({
    cloud: fc.constant(cloud),
    query: queryArb(cloud, SPREAD_M),
    leafSize: fc.constantFrom(1, 2, 16),
    // 0: the tree alone decides "more than cap?"; otherwise a count grid first (count-grid.ts).
    countGridCellsPerPoint: fc.constantFrom(0, 0.1, 1),
  }),
);

describe('PointIndex against its brute-force twin', () => {
  it('nearest: same hits, order, distances and truncation flag', () => {
    fc.assert(
      fc.property(caseArb, ({ cloud, query, leafSize, countGridCellsPerPoint }) => {
        const { lats, lons } = cloud;
        const index = PointIndex.build(lats, lons, { leafSize, countGridCellsPerPoint });
        const { lat, lon, radiusM } = resolveQuery(lats, lons, query);
        const options = {
          radiusM,
          limit: query.limit,
          accept: (i: number) => i % query.rejectModulo !== 1,
          ...(query.candidateCap === undefined ? {} : { candidateCap: query.candidateCap }),
        };
        expect(index.nearest(lat, lon, options)).toEqual(bruteNearest(lats, lons, lat, lon, options));
      }),
      { numRuns: 400 },
    );
  });

  it('countWithin, forEachWithin and visitNearestFirst agree with a full scan', () => {
    fc.assert(
      fc.property(caseArb, fc.nat({ max: 50 }), ({ cloud, query, leafSize, countGridCellsPerPoint }, cap) => {
        const { lats, lons } = cloud;
        const index = PointIndex.build(lats, lons, { leafSize, countGridCellsPerPoint });
        const { lat, lon, radiusM } = resolveQuery(lats, lons, query);
        const expected = bruteNearest(lats, lons, lat, lon, { radiusM, limit: Number.MAX_SAFE_INTEGER }).hits;
        expect(index.countWithin(lat, lon, radiusM)).toBe(expected.length);
        const capped = index.countWithin(lat, lon, radiusM, cap);
        if (expected.length <= cap) expect(capped).toBe(expected.length);
        else expect(capped).toBeGreaterThan(cap);
        expect(index.hasMoreThan(lat, lon, radiusM, cap)).toBe(expected.length > cap);
        for (const near of [expected.length - 1, expected.length]) {
          if (near >= 0) expect(index.hasMoreThan(lat, lon, radiusM, near)).toBe(expected.length > near);
        }
        const byIndex = (a: number, b: number) => a - b;
        const expectedIndices = expected.map((hit) => hit.index).sort(byIndex);
        const seen: number[] = [];
        expect(
          index.forEachWithin(lat, lon, radiusM, (i, position) => {
            expect(index.treeOrder[position]).toBe(i);
            seen.push(i);
          }),
        ).toBe(expected.length);
        expect(seen.sort(byIndex)).toEqual(expectedIndices);
        const fromRanges: number[] = [];
        index.forEachRangeWithin(lat, lon, radiusM, (lo, hi) => {
          for (let p = lo; p < hi; p++) fromRanges.push(index.treeOrder[p] as number);
        });
        expect(fromRanges.sort(byIndex)).toEqual(expectedIndices);
        const walked: { index: number; distanceM: number }[] = [];
        index.visitNearestFirst(lat, lon, radiusM, (i, distanceM, position) => {
          expect(index.treeOrder[position]).toBe(i);
          walked.push({ index: i, distanceM });
          return true;
        });
        expect(walked).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('forEachRangeOfNearest visits exactly the first n of the full order', () => {
    fc.assert(
      fc.property(
        caseArb,
        fc.nat({ max: 60 }),
        fc.constantFrom(0, 1, 5, 128),
        ({ cloud, query, leafSize }, n, band) => {
          const { lats, lons } = cloud;
          const compareTies = (a: number, b: number) => (a % 7) - (b % 7) || b - a;
          const index = PointIndex.build(lats, lons, { leafSize, compareTies });
          const tree = buildKdTree(lats, lons, leafSize);
          const { lat, lon, radiusM } = resolveQuery(lats, lons, query);
          const expected = bruteNearest(lats, lons, lat, lon, { radiusM, limit: n, compareTies }).hits.map(
            (h) => h.index,
          );
          const seen: number[] = [];
          const visited = forEachRangeOfNearest(
            tree,
            makeFrame(tree, lat, lon, radiusM),
            n,
            compareTies,
            (lo, hi) => {
              for (let p = lo; p < hi; p++) seen.push(tree.order[p] as number);
            },
            band,
          );
          const byIndex = (a: number, b: number) => a - b;
          expect(visited).toBe(expected.length);
          expect(seen.sort(byIndex)).toEqual([...expected].sort(byIndex));
          const viaIndex: number[] = [];
          index.forEachRangeOfNearest(lat, lon, radiusM, n, (lo, hi) => {
            for (let p = lo; p < hi; p++) viaIndex.push(index.treeOrder[p] as number);
          });
          expect(viaIndex.sort(byIndex)).toEqual([...expected].sort(byIndex));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts keys over a circle through per-node histograms like a scan', () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom(1, 2, 8, 1000), ({ cloud, query, leafSize }, minNodePoints) => {
        const { lats, lons } = cloud;
        const tree = buildKdTree(lats, lons, leafSize);
        const keyOf = (i: number) => (i * 7) % 5;
        const keys = Uint8Array.from(tree.order, keyOf);
        const histogram = KeyHistogram.build(tree, keys, 5, minNodePoints);
        const { lat, lon, radiusM } = resolveQuery(lats, lons, query);
        const counts = new Uint32Array(5);
        forEachRangeWithin(tree, makeFrame(tree, lat, lon, radiusM), (lo, hi, node) =>
          histogram.addRun(lo, hi, node, counts),
        );
        const within = bruteWithin(lats, lons, lat, lon, radiusM);
        const expected = new Uint32Array(5);
        for (const hit of within) expected[keyOf(hit.index)] = (expected[keyOf(hit.index)] as number) + 1;
        expect(counts).toEqual(expected);
        // The same counts from the scan without callbacks, added onto what is already there.
        const added = Uint32Array.from([1, 0, 2, 0, 3]);
        expect(histogram.addWithin(tree, makeFrame(tree, lat, lon, radiusM), added)).toBe(within.length);
        expect(added).toEqual(expected.map((n, k) => n + ([1, 0, 2, 0, 3][k] as number)));
        const index = PointIndex.build(lats, lons, { leafSize });
        const viaIndex = new Uint32Array(5);
        const byPosition = index.gatherByPosition(
          Uint8Array.from({ length: lats.length }, (_, i) => keyOf(i)),
          new Uint8Array(lats.length),
        );
        expect(index.countKeysWithin(lat, lon, radiusM, byPosition, viaIndex)).toBe(within.length);
        expect(viaIndex).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('gives exact answers over points spread across the globe, where float32 rounding is largest', () => {
    // Far-apart points make the tree's float32 coords round by up to about a metre (KdTree.roundingBound), so many
    // points fall in the band where only the exact distance decides; radii that end exactly on a point test that band.
    const worldArb = fc
      .array(fc.tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true })), {
        maxLength: 200,
      })
      .chain((points) =>
        fc.record({
          points: fc.constant(points),
          at: fc.tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true })),
          radiusM: fc.double({ min: 0, max: 2.1e7, noNaN: true }),
          onPoint: fc.option(fc.nat({ max: Math.max(0, points.length - 1) }), { nil: undefined }),
          limit: fc.integer({ min: 0, max: 40 }),
          cap: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
          leafSize: fc.constantFrom(1, 4, 32),
          countGridCellsPerPoint: fc.constantFrom(0, 0.5),
        }),
      );
    fc.assert(
      fc.property(worldArb, ({ points, at, radiusM: r, onPoint, limit, cap, leafSize, countGridCellsPerPoint }) => {
        const lats = Float64Array.from(points, ([lat]) => lat);
        const lons = Float64Array.from(points, ([, lon]) => lon);
        const { lat, lon, radiusM } = resolveQuery(lats, lons, { at, radiusM: r, onPoint });
        const index = PointIndex.build(lats, lons, { leafSize, countGridCellsPerPoint });
        const options = {
          radiusM,
          limit,
          accept: (i: number) => i % 3 !== 1,
          ...(cap === undefined ? {} : { candidateCap: cap }),
        };
        expect(index.nearest(lat, lon, options)).toEqual(bruteNearest(lats, lons, lat, lon, options));
        const within = bruteWithin(lats, lons, lat, lon, radiusM).length;
        expect(index.countWithin(lat, lon, radiusM)).toBe(within);
        expect(index.hasMoreThan(lat, lon, radiusM, cap ?? 10)).toBe(within > (cap ?? 10));
      }),
      { numRuns: 300 },
    );
  });

  it('includes a point exactly on the radius and every copy of a repeated coordinate', () => {
    const lats = Float64Array.from([34.7, 34.7, 34.7, 34.701]);
    const lons = Float64Array.from([135.2, 135.2, 135.2, 135.2]);
    const index = PointIndex.build(lats, lons);
    const radiusM = haversineMeters(34.7005, 135.2, 34.701, 135.2);
    const { hits } = index.nearest(34.7005, 135.2, { radiusM, limit: 10 });
    expect(hits.map((h) => h.index)).toEqual([0, 1, 2, 3]);
    expect(hits.at(-1)?.distanceM).toBe(radiusM);
    expect(index.nearest(34.7, 135.2, { radiusM: 0, limit: 10 }).hits.map((h) => h.index)).toEqual([0, 1, 2]);
  });

  it('keeps the exact order among points a few units in the last place apart', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 })), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.constantFrom([34.69, 135.19], [89.99999, 179.99999], [0, -180]),
        fc.tuple(fc.double({ min: -1e-4, max: 1e-4, noNaN: true }), fc.double({ min: -1e-4, max: 1e-4, noNaN: true })),
        (offsets, [baseLat, baseLon], [dLat, dLon]) => {
          const lats = Float64Array.from(offsets, ([a]) => (baseLat as number) + a * 1e-14);
          const lons = Float64Array.from(offsets, ([, b]) => Math.max(-180, (baseLon as number) + b * 1e-14));
          const compareTies = (a: number, b: number) => b - a;
          const index = PointIndex.build(lats, lons, { compareTies });
          const lat = Math.min(90, (baseLat as number) + dLat);
          const lon = Math.max(-180, Math.min(180, (baseLon as number) + dLon));
          const options = { radiusM: 50, limit: 100, compareTies };
          expect(index.nearest(lat, lon, options)).toEqual(bruteNearest(lats, lons, lat, lon, options));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('orders ties with the tie-break it was built with', () => {
    const lats = Float64Array.from([1, 1, 1]);
    const lons = Float64Array.from([2, 2, 2]);
    const index = PointIndex.build(lats, lons, { compareTies: (a, b) => b - a });
    expect(index.nearest(1, 2, { radiusM: 5, limit: 3 }).hits.map((h) => h.index)).toEqual([2, 1, 0]);
  });

  it('answers empty from an empty index', () => {
    const index = PointIndex.build(new Float64Array(0), new Float64Array(0));
    expect(index.size).toBe(0);
    expect(index.nearest(0, 0, { radiusM: 1000, limit: 5, candidateCap: 0 })).toEqual({
      hits: [],
      candidateTruncated: false,
    });
    expect(index.countWithin(0, 0, 1000)).toBe(0);
    expect(index.forEachWithin(0, 0, 1000, () => undefined)).toBe(0);
  });

  it('finds points across ±180° and around a pole', () => {
    const lats = Float64Array.from([0, 0, 89.9999, 89.9999]);
    const lons = Float64Array.from([179.9999, -179.9999, 0, 180]);
    const index = PointIndex.build(lats, lons);
    const across = index.nearest(0, 180, { radiusM: 20, limit: 5 }).hits;
    expect(across.map((h) => h.index).sort()).toEqual([0, 1]);
    expect(across).toEqual(bruteNearest(lats, lons, 0, 180, { radiusM: 20, limit: 5 }).hits);
    expect(index.countWithin(90, 0, 12)).toBe(2);
    expect(index.nearest(90, 0, { radiusM: 12, limit: 5 }).hits).toEqual(bruteWithin(lats, lons, 90, 0, 12));
  });

  it('computes the truncation flag even when limit is 0', () => {
    const lats = Float64Array.from([10, 10, 10]);
    const lons = Float64Array.from([10, 10, 10]);
    const index = PointIndex.build(lats, lons);
    expect(index.nearest(10, 10, { radiusM: 1, limit: 0, candidateCap: 2 })).toEqual({
      hits: [],
      candidateTruncated: true,
    });
  });

  it('arranges a column by tree position', () => {
    const lats = Float64Array.from([3, 1, 2, 1]);
    const lons = Float64Array.from([0, 0, 0, 0.5]);
    const index = PointIndex.build(lats, lons, { leafSize: 1 });
    const byPosition = index.gatherByPosition([30, 10, 20, 15], new Int32Array(4));
    for (let p = 0; p < 4; p++) expect(byPosition[p]).toBe([30, 10, 20, 15][index.treeOrder[p] as number]);
    expect(() => index.gatherByPosition([1, 2], new Int32Array(4))).toThrow(/pass one per point/);
  });

  it('lets a visitor query the same index while a walk is under way', () => {
    const index = PointIndex.build(Float64Array.from([0, 0, 0]), Float64Array.from([0, 0.001, 0.002]));
    const inner: number[] = [];
    index.visitNearestFirst(0, 0, 1000, (i) => {
      inner.push(index.nearest(0, 0.002, { radiusM: 1000, limit: 1 }).hits[0]?.index ?? -1);
      return i < 2;
    });
    expect(inner).toEqual([2, 2, 2]);
  });

  it('explains bad keys for a histogram', () => {
    const index = PointIndex.build(Float64Array.from([1, 2]), Float64Array.from([1, 2]));
    expect(() => index.keyHistogram(Uint8Array.from([0]), 2)).toThrow(/pass one key per point/);
    expect(() => index.keyHistogram(Uint8Array.from([0, 1]), 0)).toThrow(/keyCount is 0/);
    const tree = buildKdTree([1, 2], [1, 2]);
    expect(() => KeyHistogram.build(tree, Uint8Array.from([0, 3]), 2, 1)).toThrow(
      /key 3 at position \d is outside 0..1/,
    );
  });

  it('explains bad input', () => {
    expect(() => PointIndex.build(Float64Array.from([1, 2]), Float64Array.from([1]))).toThrow(
      /one latitude per longitude/,
    );
    expect(() => PointIndex.build([91], [0])).toThrow(/point 0 has latitude 91/);
    expect(() => PointIndex.build([0], [Number.NaN])).toThrow(/longitude NaN/);
    const index = PointIndex.build([0], [0]);
    expect(() => index.nearest(0, 0, { radiusM: -1, limit: 1 })).toThrow(/radiusM is -1/);
    expect(() => index.nearest(0, 0, { radiusM: 1, limit: 1.5 })).toThrow(/limit is 1.5/);
    expect(() => index.countWithin(100, 0, 1)).toThrow(/query has latitude 100/);
  });
});
