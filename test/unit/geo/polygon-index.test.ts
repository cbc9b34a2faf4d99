import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GeoPolygonGeometry } from '../../../core/geo/point-in-polygon.ts';
import { PolygonIndex } from '../../../core/geo/polygon-index.ts';
import { bruteContaining, bruteNearest } from '../../../scripts/bench/geo/brute-force.ts';
import { resolveQuery } from './arbitraries.ts';

/** Origins of small tilings: a city, against +180° (never crossing it), and near the north pole. */
const ORIGINS = [
  [34.69, 135.19],
  [-12.3, 179.97],
  [89.9, -40],
] as const;

interface Tiling {
  polygons: GeoPolygonGeometry[];
  vertices: [number, number][];
  box: { minLat: number; minLon: number; maxLat: number; maxLon: number };
}

/** Jittered grid cells that share their vertices (like town blocks), some with holes, some missing, a few merged. */
const tilingArb = fc
  .record({
    origin: fc.constantFrom(...ORIGINS),
    nx: fc.integer({ min: 1, max: 6 }),
    ny: fc.integer({ min: 1, max: 6 }),
    jitter: fc.array(fc.double({ min: -0.3, max: 0.3, noNaN: true }), { minLength: 98, maxLength: 98 }),
    kinds: fc.array(fc.constantFrom('plain', 'plain', 'hole', 'missing', 'multi'), { minLength: 36, maxLength: 36 }),
  })
  .map(({ origin, nx, ny, jitter, kinds }): Tiling => {
    const cell = 0.003;
    const at = (i: number, j: number): [number, number] => {
      const k = 2 * (i * 7 + j);
      const lon = Math.min(180, origin[1] + (i + (jitter[k] as number)) * cell);
      const lat = Math.min(90, origin[0] + (j + (jitter[k + 1] as number)) * cell);
      return [lon, lat];
    };
    const polygons: GeoPolygonGeometry[] = [];
    const vertices: [number, number][] = [];
    for (let i = 0; i < nx; i++) {
      for (let j = 0; j < ny; j++) {
        const [a, b, c, d] = [at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)];
        const ring = [a, b, c, d, a];
        vertices.push(...ring);
        const kind = kinds[i * 6 + j];
        if (kind === 'missing') continue;
        if (kind === 'hole') {
          const [cx, cy] = [(a[0] + c[0]) / 2, (a[1] + c[1]) / 2];
          const h = cell * 0.1;
          const holeRing: [number, number][] = [
            [cx - h, cy - h],
            [cx - h, cy + h],
            [cx + h, cy + h],
            [cx + h, cy - h],
            [cx - h, cy - h],
          ];
          vertices.push(...holeRing);
          polygons.push({ type: 'Polygon', coordinates: [ring, holeRing] });
        } else if (kind === 'multi' && j + 1 < ny) {
          const other = [at(i, j + 1), at(i + 1, j + 1), at(i + 1, j + 2), at(i, j + 2), at(i, j + 1)];
          polygons.push({ type: 'MultiPolygon', coordinates: [[ring], [other]] });
        } else {
          polygons.push({ type: 'Polygon', coordinates: [ring] });
        }
      }
    }
    const lats = vertices.map((v) => v[1]);
    const lons = vertices.map((v) => v[0]);
    const box = {
      minLat: Math.min(...lats) - 0.001,
      maxLat: Math.min(90, Math.max(...lats) + 0.001),
      minLon: Math.min(...lons) - 0.001,
      maxLon: Math.min(180, Math.max(...lons) + 0.001),
    };
    return { polygons, vertices, box };
  });

/** Random points in the tiling's box, its vertices, and midpoints of its edges. */
function queryPointArb(tiling: Tiling) {
  const { box, vertices } = tiling;
  const inBox = fc.tuple(
    fc.double({ min: box.minLat, max: box.maxLat, noNaN: true }),
    fc.double({ min: box.minLon, max: box.maxLon, noNaN: true }),
  );
  const onVertex = fc.constantFrom(...vertices).map(([lon, lat]) => [lat, lon] as [number, number]);
  const onEdge = fc
    .tuple(fc.constantFrom(...vertices), fc.constantFrom(...vertices), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([a, b, t]) => [a[1] + t * (b[1] - a[1]), a[0] + t * (b[0] - a[0])] as [number, number]);
  return fc.oneof(inBox, onVertex, onEdge);
}

describe('PolygonIndex against its brute-force twin', () => {
  it('finds the same containing polygons, the lowest index first', () => {
    const arb = tilingArb.chain((tiling) =>
      fc.record({
        tiling: fc.constant(tiling),
        points: fc.array(queryPointArb(tiling), { minLength: 1, maxLength: 20 }),
      }),
    );
    fc.assert(
      fc.property(arb, ({ tiling, points }) => {
        const index = PolygonIndex.build(tiling.polygons);
        for (const [lat, lon] of points) {
          const expected = bruteContaining(tiling.polygons, lat, lon);
          expect(index.allContaining(lat, lon)).toEqual(expected);
          expect(index.containing(lat, lon)).toBe(expected[0] ?? -1);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('orders nearby polygons by centre distance like a scan of the centres', () => {
    const arb = tilingArb.chain((tiling) =>
      fc.record({
        tiling: fc.constant(tiling),
        point: queryPointArb(tiling),
        radiusM: fc.double({ min: 0, max: 3000, noNaN: true }),
        // Half the runs put the radius exactly on a centre, where only the exact distance decides.
        onCenter: fc.option(fc.nat({ max: Math.max(0, tiling.polygons.length - 1) }), { nil: undefined }),
        limit: fc.integer({ min: 0, max: 20 }),
      }),
    );
    fc.assert(
      fc.property(arb, ({ tiling, point, radiusM: r, onCenter, limit }) => {
        const index = PolygonIndex.build(tiling.polygons);
        const centers = tiling.polygons.map((_, i) => index.center(i));
        const lats = Float64Array.from(centers, (c) => c.lat);
        const lons = Float64Array.from(centers, (c) => c.lon);
        const { lat, lon, radiusM } = resolveQuery(lats, lons, { at: point, radiusM: r, onPoint: onCenter });
        expect(index.nearbyByCenter(lat, lon, { radiusM, limit })).toEqual(
          bruteNearest(lats, lons, lat, lon, { radiusM, limit }).hits,
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('PolygonIndex', () => {
  const square: GeoPolygonGeometry = {
    type: 'Polygon',
    coordinates: [
      [
        [135, 34],
        [135.01, 34],
        [135.01, 34.01],
        [135, 34.01],
        [135, 34],
      ],
    ],
  };
  const neighbour: GeoPolygonGeometry = {
    type: 'Polygon',
    coordinates: [
      [
        [135.01, 34],
        [135.02, 34],
        [135.02, 34.01],
        [135.01, 34.01],
        [135.01, 34],
      ],
    ],
  };

  it('gives a point on a shared edge to the lower index', () => {
    const index = PolygonIndex.build([neighbour, square]);
    expect(index.containing(34.005, 135.01)).toBe(0);
    expect(index.allContaining(34.005, 135.01)).toEqual([0, 1]);
    expect(index.containing(34.005, 135.005)).toBe(1);
    expect(index.containing(33, 135)).toBe(-1);
  });

  it('uses the centres it is given, else the outer-ring centroid', () => {
    const given = PolygonIndex.build([square], [{ lat: 34.001, lon: 135.001 }]);
    expect(given.center(0)).toEqual({ lat: 34.001, lon: 135.001 });
    const computed = PolygonIndex.build([square]).center(0);
    expect(computed.lat).toBeCloseTo(34.005, 10);
    expect(computed.lon).toBeCloseTo(135.005, 10);
  });

  it('answers empty when it holds no polygons', () => {
    const index = PolygonIndex.build([]);
    expect(index.containing(34, 135)).toBe(-1);
    expect(index.nearbyByCenter(34, 135, { radiusM: 1000, limit: 5 })).toEqual([]);
  });

  it('explains bad input', () => {
    const ring = (coords: number[][]): GeoPolygonGeometry => ({ type: 'Polygon', coordinates: [coords] });
    expect(() =>
      PolygonIndex.build([
        ring([
          [135, 34],
          [135.1, 34],
        ]),
      ]),
    ).toThrow(/needs at least 3 \[lon, lat\]/);
    expect(() =>
      PolygonIndex.build([
        ring([
          [34, 135],
          [34, 135.1],
          [34.1, 135],
        ]),
      ]),
    ).toThrow(/GeoJSON order is \[lon, lat\]/);
    expect(() =>
      PolygonIndex.build([
        ring([
          [179.9, 0],
          [-179.9, 0],
          [-179.9, 1],
        ]),
      ]),
    ).toThrow(/cut it at the antimeridian/);
    expect(() => PolygonIndex.build([square], [])).toThrow(/one center per polygon/);
    expect(() => PolygonIndex.build([{ type: 'Point' } as unknown as GeoPolygonGeometry])).toThrow(
      /not a GeoJSON Polygon/,
    );
    expect(() => PolygonIndex.build([square]).center(3)).toThrow(/no polygon 3/);
  });
});
