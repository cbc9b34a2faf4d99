import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../../../core/geo/haversine.ts';
import { LineIndex } from '../../../core/geo/line-index.ts';
import type { EdgeLight, StreetSummary } from '../../../core/store/index.ts';
import { findStreetsNearby, roundDistance, type StreetsNearbyLayer } from '../../../core/streets/nearby.ts';

// Grouping rules of streets nearby on a hand-made layer: a street along lat 35.0000 (two edges), a street of the same
// name in another ward 55 m north, unnamed roads south, an edge below 15 scenes, and an edge naming a missing street.

const lat0 = 35;
const lon0 = 135;

function edge(edge_id: string, street_id: number | null, lat: number, lons: number[], n_scenes = 20): EdgeLight {
  return {
    edge_id,
    street_id,
    town_key: '131010001',
    name: street_id === null ? null : '本町通',
    ward: street_id === 2 ? '西区' : '中央区',
    highway: 'residential',
    highway_class: '生活道路',
    length_m: 90,
    n_scenes,
    geom: lons.map((lon) => [lat, lon] as [number, number]),
  };
}

function street(street_id: number, ward: string, coverage_grade: 'A' | 'D'): StreetSummary {
  return {
    street_id,
    name: '本町通',
    ward,
    highway_class: '生活道路',
    length_m: 180,
    coverage_grade,
    n_scenes: 40,
    n_sequences: 3,
    year_span: [2015, 2020],
    bbox: null,
    has_karte: true,
  };
}

const rows = [
  edge('1_2', 1, lat0, [lon0, lon0 + 0.001]),
  edge('2_3', 1, lat0, [lon0 + 0.001, lon0 + 0.002]),
  edge('4_5', 2, lat0 + 0.0005, [lon0, lon0 + 0.002]),
  edge('6_7', null, lat0 - 0.0004, [lon0, lon0 + 0.002]),
  edge('8_9', null, lat0 - 0.0001, [lon0, lon0 + 0.002], 14),
  edge('10_11', 99, lat0 - 0.0006, [lon0, lon0 + 0.002]),
];

const layer: StreetsNearbyLayer = {
  edges: { rows, index: LineIndex.build(rows.map((row) => row.geom)) },
  streets: {
    byId: new Map([
      [1, street(1, '中央区', 'A')],
      [2, street(2, '西区', 'D')],
    ]),
  },
};

describe('findStreetsNearby', () => {
  const at = { lat: lat0, lon: lon0 + 0.0015 };

  it('groups a street’s edges into one item with its nearest edge, nearest street first', () => {
    const result = findStreetsNearby(layer, { ...at, radiusM: 100, limit: 5 });
    expect(result.streets.map((s) => [s.street_id, s.nearest_edge.edge_id])).toEqual([
      [1, '2_3'],
      [2, '4_5'],
    ]);
    expect(result.streets[0]?.nearest_edge.dist_m).toBe(0);
    expect(result.streets[1]?.nearest_edge.dist_m).toBeCloseTo(haversineMeters(lat0, 0, lat0 + 0.0005, 0), 1);
  });

  it('keeps same-named streets of different wards apart', () => {
    const result = findStreetsNearby(layer, { ...at, radiusM: 100, limit: 5 });
    expect(result.streets.map((s) => s.ward)).toEqual(['中央区', '西区']);
    expect(new Set(result.streets.map((s) => s.name)).size).toBe(1);
  });

  it('lists unnamed and orphaned edges per edge, and never an edge below 15 scenes', () => {
    const result = findStreetsNearby(layer, { ...at, radiusM: 100, limit: 5 });
    expect(result.unnamed_edges.map((e) => e.edge_id)).toEqual(['6_7', '10_11']);
    expect(result.n_edges_considered).toBe(5);
    expect(result.orphanEdges).toBe(1);
    expect(result.unnamed_edges[0]).toMatchObject({ highway_class: '生活道路', n_scenes: 20, town_key: '131010001' });
  });

  it('keeps an edge of exactly 15 scenes and drops one of 14', () => {
    const boundary = [
      edge('30_31', null, lat0, [lon0, lon0 + 0.002], 15),
      edge('32_33', null, lat0 + 0.0001, [lon0, lon0 + 0.002], 14),
    ];
    const small: StreetsNearbyLayer = {
      edges: { rows: boundary, index: LineIndex.build(boundary.map((row) => row.geom)) },
      streets: { byId: new Map() },
    };
    const result = findStreetsNearby(small, { ...at, radiusM: 100, limit: 5 });
    expect(result.unnamed_edges.map((e) => [e.edge_id, e.n_scenes])).toEqual([['30_31', 15]]);
    expect(result.n_edges_considered).toBe(1);
  });

  it('applies grade D to has_karte and shows summary columns only', () => {
    const result = findStreetsNearby(layer, { ...at, radiusM: 100, limit: 5 });
    expect(result.streets.map((s) => s.has_karte)).toEqual([true, false]);
    expect(result.streets[0]).not.toHaveProperty('axis');
  });

  it('cuts both lists at limit but counts everything found', () => {
    const result = findStreetsNearby(layer, { ...at, radiusM: 100, limit: 1 });
    expect(result.streets.map((s) => s.street_id)).toEqual([1]);
    expect(result.unnamed_edges.map((e) => e.edge_id)).toEqual(['6_7']);
    expect([result.streetsFound, result.unnamedFound, result.n_edges_considered]).toEqual([2, 2, 5]);
  });

  it.each([
    [10, [1], []],
    [50, [1], ['6_7']],
    [60, [1, 2], ['6_7']],
  ])('radius %i m finds streets %j and unnamed edges %j', (radiusM, streets, unnamed) => {
    const result = findStreetsNearby(layer, { ...at, radiusM, limit: 5 });
    expect(result.streets.map((s) => s.street_id)).toEqual(streets);
    expect(result.unnamed_edges.map((e) => e.edge_id)).toEqual(unnamed);
  });

  it('an empty radius answers empty lists', () => {
    const result = findStreetsNearby(layer, { lat: 36, lon: 136, radiusM: 500, limit: 5 });
    expect(result).toMatchObject({ streets: [], unnamed_edges: [], n_edges_considered: 0 });
  });

  it('equally near streets are ordered by street_id', () => {
    const twin = [
      edge('20_21', 7, lat0 + 0.001, [lon0, lon0 + 0.001]),
      edge('22_23', 3, lat0 - 0.001, [lon0, lon0 + 0.001]),
    ];
    const twins: StreetsNearbyLayer = {
      edges: { rows: twin, index: LineIndex.build(twin.map((row) => row.geom)) },
      streets: { byId: new Map([7, 3].map((id) => [id, street(id, '中央区', 'A')])) },
    };
    const result = findStreetsNearby(twins, { lat: lat0, lon: lon0 + 0.0005, radiusM: 500, limit: 5 });
    expect(result.streets.map((s) => s.street_id)).toEqual([3, 7]);
  });
});

describe('roundDistance', () => {
  it.each([
    [0, 0],
    [12.345, 12.3],
    [12.35, 12.4],
    [99.96, 100],
  ])('%d m shows as %d', (meters, shown) => {
    expect(roundDistance(meters)).toBe(shown);
  });
});
