import { describe, expect, it } from 'vitest';
import { type AreasLayer, findAreaAt, findAreasNearby } from '../../../core/areas/lookup.ts';
import { haversineMeters } from '../../../core/geo/haversine.ts';
import { PolygonIndex } from '../../../core/geo/polygon-index.ts';
import type { AreaLight } from '../../../core/store/index.ts';

// Town blocks by position on a hand-made row of three square blocks sharing edges along lat 35.000-35.001.

function square(town_key: string, west: number, grade: 'A' | 'D'): AreaLight {
  const east = west + 0.001;
  return {
    town_key,
    name: `町${town_key.slice(-1)}`,
    ward: '中央区',
    coverage_grade: grade,
    n_scenes: 10,
    n_sequences: 1,
    year_span: [2019, 2019],
    bbox: [35, west, 35.001, east],
    center: { lat: 35.0005, lon: west + 0.0005 },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [west, 35],
          [east, 35],
          [east, 35.001],
          [west, 35.001],
          [west, 35],
        ],
      ],
    },
    has_karte: true,
  };
}

const rows = [square('131010001', 135, 'A'), square('131010002', 135.001, 'D'), square('131010003', 135.002, 'A')];
const layer: AreasLayer = {
  rows,
  index: PolygonIndex.build(
    rows.map((row) => row.geometry),
    rows.map((row) => row.center),
  ),
};

describe('findAreaAt', () => {
  it.each([
    [35.0005, 135.0005, '131010001'],
    [35.0005, 135.0015, '131010002'],
    [35.0005, 135.001, '131010001'], // on the shared edge: the lowest town_key
    [35.001, 135.002, '131010002'],
    [35.002, 135.0005, null],
    [0, 0, null],
  ])('(%d, %d) is in %s', (lat, lon, townKey) => {
    expect(findAreaAt(layer, lat, lon)?.town_key ?? null).toBe(townKey);
  });

  it('answers the summary only, with has_karte following the grade', () => {
    const area = findAreaAt(layer, 35.0005, 135.0015);
    expect(area).toMatchObject({ town_key: '131010002', coverage_grade: 'D', has_karte: false });
    expect(area).not.toHaveProperty('geometry');
  });
});

describe('findAreasNearby', () => {
  const at = { lat: 35.0005, lon: 135.0004 };

  it('orders by centre distance and rounds center_dist_m to whole metres', () => {
    const result = findAreasNearby(layer, { ...at, radiusM: 1000, limit: 5 });
    expect(result.map((a) => a.town_key)).toEqual(['131010001', '131010002', '131010003']);
    const expected = rows.map((row) => Math.round(haversineMeters(at.lat, at.lon, row.center.lat, row.center.lon)));
    expect(result.map((a) => a.center_dist_m)).toEqual(expected);
  });

  it.each([
    [50, 5, ['131010001']],
    [110, 5, ['131010001', '131010002']],
    [1000, 2, ['131010001', '131010002']],
    [1, 5, []],
  ])('radius %i m, limit %i: %j', (radiusM, limit, keys) => {
    expect(findAreasNearby(layer, { ...at, radiusM, limit }).map((a) => a.town_key)).toEqual(keys);
  });
});
