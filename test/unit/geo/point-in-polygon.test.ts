import { describe, expect, it } from 'vitest';
import {
  classifyInRing,
  type GeoPolygonGeometry,
  INSIDE,
  ON_BOUNDARY,
  OUTSIDE,
  polygonGeometryContains,
} from '../../../core/geo/point-in-polygon.ts';

const outer = [
  [135, 34],
  [136, 34],
  [136, 35],
  [135, 35],
  [135, 34],
];
const hole = [
  [135.4, 34.4],
  [135.6, 34.4],
  [135.6, 34.6],
  [135.4, 34.6],
  [135.4, 34.4],
];
const block: GeoPolygonGeometry = { type: 'Polygon', coordinates: [outer, hole] };
const triangle = [
  [135.1, 34.1],
  [135.37, 34.83],
  [135.71, 34.29],
];

describe('polygon containment (closed polygons: the boundary belongs to the polygon)', () => {
  it.each<[string, number, number, boolean]>([
    ['inside', 34.2, 135.2, true],
    ['outside', 33.9, 135.5, false],
    ['on an outer edge', 34, 135.5, true],
    ['on an outer vertex', 35, 136, true],
    ['inside the hole', 34.5, 135.5, false],
    ['on the hole edge', 34.4, 135.5, true],
    ['on a hole vertex', 34.6, 135.6, true],
    ['within 0.1 mm outside an edge', 34 - 5e-10, 135.5, true],
    ['1 mm outside an edge', 34 - 1e-8, 135.5, false],
    ['level with a vertex, outside', 35, 136.5, false],
    ['level with a vertex, inside', 34.6, 135.3, true],
  ])('%s', (_name, lat, lon, expected) => {
    expect(polygonGeometryContains(block, lat, lon)).toBe(expected);
  });

  it('finds points computed on a slanted edge', () => {
    const [a, b] = [triangle[0] as number[], triangle[1] as number[]];
    for (const t of [0.1, 1 / 3, 0.5, 0.77]) {
      const lon = (a[0] as number) + t * ((b[0] as number) - (a[0] as number));
      const lat = (a[1] as number) + t * ((b[1] as number) - (a[1] as number));
      expect(classifyInRing(lat, lon, triangle)).toBe(ON_BOUNDARY);
    }
  });

  it('accepts rings with or without the closing position', () => {
    expect(classifyInRing(34.5, 135.5, outer)).toBe(INSIDE);
    expect(classifyInRing(34.5, 135.5, outer.slice(0, 4))).toBe(INSIDE);
    expect(classifyInRing(34.5, 136.5, outer.slice(0, 4))).toBe(OUTSIDE);
  });

  it('looks at every part of a MultiPolygon', () => {
    const multi: GeoPolygonGeometry = {
      type: 'MultiPolygon',
      coordinates: [[hole], [triangle.concat([triangle[0] as number[]])]],
    };
    expect(polygonGeometryContains(multi, 34.5, 135.5)).toBe(true);
    expect(polygonGeometryContains(multi, 34.3, 135.4)).toBe(true);
    expect(polygonGeometryContains(multi, 34.9, 135.9)).toBe(false);
  });
});
