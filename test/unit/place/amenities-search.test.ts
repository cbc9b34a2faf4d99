import { describe, expect, it } from 'vitest';
import { amenityQueryFromBody, amenityQueryFromGet } from '../../../core/amenities/query.ts';
import { type AmenitySources, imagePageOf, searchAmenities } from '../../../core/amenities/search.ts';
import { PointIndex } from '../../../core/geo/point-index.ts';
import type { AmenityKind, AmenityRow } from '../../../core/release/types.ts';

// GET query text and POST body become the same AmenityQuery, and the search answers capture points nearest first.

describe('amenity query from GET and POST', () => {
  it.each([
    [
      { lat: '34.6', lon: '135' },
      { lat: 34.6, lon: 135 },
    ],
    [
      { lat: '-0.5', lon: '139.76', kind: 'toilet', radius_m: 100, limit: 10, year_from: 2020 },
      { lat: -0.5, lon: 139.76, kind: 'toilet', radius_m: 100, limit: 10, year_from: 2020 },
    ],
    [
      { lat: '35', lon: '135', kind: 'bench', radius_m: 3000 },
      { lat: 35, lon: 135, kind: 'bench', radius_m: 3000, year_from: null },
    ],
  ] as const)('GET %j equals POST %j', (get, post) => {
    const fromGet = amenityQueryFromGet(get as never);
    expect(fromGet).toEqual(amenityQueryFromBody(post as never));
  });

  it('defaults: vending_machine, 1000 m, 3 results, all years', () => {
    expect(amenityQueryFromBody({ lat: 1, lon: 2 })).toEqual({
      lat: 1,
      lon: 2,
      kind: 'vending_machine',
      radiusM: 1000,
      limit: 3,
      yearFrom: null,
    });
  });
});

function amenity(id: string, kind: AmenityKind, northM: number, capture_year: number): AmenityRow {
  return {
    id,
    kind,
    scene_id: `9${id.replace(/\D/g, '').padStart(17, '0')}`,
    lat: 35 + northM / 111_195,
    lon: 135,
    capture_year,
    evidence: '自動販売機が見える。',
    object_position: null,
    object_distance_m_est: null,
    confidence: 'high',
    generation_id: 'gen2-test',
    ward: null,
    evidence_count: 1,
  };
}

function sourcesOf(rows: AmenityRow[]): AmenitySources {
  const layers = new Map<AmenityKind, { rows: AmenityRow[]; index: PointIndex }>();
  for (const kind of ['vending_machine', 'toilet', 'bench'] as const) {
    const ofKind = rows.filter((row) => row.kind === kind).sort((a, b) => (a.id < b.id ? -1 : 1));
    layers.set(kind, {
      rows: ofKind,
      index: PointIndex.build(
        ofKind.map((r) => r.lat),
        ofKind.map((r) => r.lon),
      ),
    });
  }
  return { layers, datasets: {}, imagePageTemplate: 'https://photos.example/?pKey={id}' };
}

describe('searchAmenities', () => {
  const sources = sourcesOf([
    amenity('vm_1', 'vending_machine', 300, 2019),
    amenity('vm_2', 'vending_machine', 100, 2012),
    amenity('vm_3', 'vending_machine', 200, 2023),
    amenity('vm_4', 'vending_machine', 200, 2021),
    amenity('tl_1', 'toilet', 10, 2020),
  ]);
  const base = { lat: 35, lon: 135, kind: 'vending_machine' as const, radiusM: 1000, limit: 10, yearFrom: null };

  it.each([
    [{}, ['vm_2', 'vm_3', 'vm_4', 'vm_1']],
    [{ limit: 2 }, ['vm_2', 'vm_3']],
    [{ radiusM: 150 }, ['vm_2']],
    [{ yearFrom: 2020 }, ['vm_3', 'vm_4']],
    [{ kind: 'toilet' as const }, ['tl_1']],
    [{ kind: 'bench' as const }, []],
  ])('%j', (extra, expected) => {
    const body = searchAmenities(sources, { ...base, ...extra });
    expect(body.results.map((result) => result.id)).toEqual(expected);
    expect(body.count).toBe(expected.length);
  });

  it('results carry the capture position, the basis and the photo page; the note says positions are not verified', () => {
    const body = searchAmenities(sources, { ...base, limit: 1 });
    expect(body.results[0]).toMatchObject({ position_basis: 'capture_location', distance_m: 100, capture_year: 2012 });
    expect(body.results[0]?.image_page).toBe(
      imagePageOf('https://photos.example/?pKey={id}', body.results[0]?.scene_id ?? ''),
    );
    expect(body.note).toMatch(/撮影地点/);
    expect(body.note).not.toMatch(/記録はありません/);
  });

  it('zero results say so in the note; a kind without a manifest entry still has a dataset', () => {
    const body = searchAmenities(sources, { ...base, kind: 'bench' });
    expect(body.note).toMatch(/ベンチの記録はありません/);
    expect(body.dataset).toEqual({
      kind: 'bench',
      source_snapshot: null,
      built_at: null,
      total_candidates: 0,
      min_year: null,
      max_year: null,
    });
  });
});
