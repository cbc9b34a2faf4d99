import { beforeAll, describe, expect, it } from 'vitest';
import { type AmenitySources, searchAmenities } from '../../../core/amenities/search.ts';
import type { HandlerContext } from '../../../core/context.ts';
import { PointIndex } from '../../../core/geo/point-index.ts';
import { SpecRouter } from '../../../core/http/router.ts';
import type { AmenityKind, AmenityRow } from '../../../core/release/types.ts';
import { imagePageOf } from '../../../core/scenes/items.ts';
import { loadSpec, specFiles } from '../../../core/spec.ts';
import listAmenitiesNearby from '../../../handlers/place-lookup/list_amenities_nearby.ts';
import searchAmenitiesFromBody from '../../../handlers/place-lookup/search_amenities.ts';

// GET query text and POST body, once validation has filled the spec's defaults in, are the same search, and the
// search answers capture points nearest first.

let router: SpecRouter;
beforeAll(async () => {
  router = await SpecRouter.create(loadSpec(specFiles.placeLookup));
});

// The input a handler receives: what the router's validation leaves of the request (coerced, defaults filled in).
function validated(method: 'GET' | 'POST', path: string, query: Record<string, string>, body?: unknown) {
  const routed = router.route(method, path);
  if (routed.kind !== 'match') throw new Error(`${method} ${path} is not routed`);
  const outcome = router.validate(routed.match, query, body, { 'content-type': 'application/json' });
  expect(outcome.errors).toEqual([]);
  return { query: outcome.query, path: outcome.path, body } as never;
}

const getAnswer = (query: Record<string, string>, ctx: HandlerContext) =>
  listAmenitiesNearby(validated('GET', '/v1/amenities/nearby', query), ctx);
const postAnswer = (body: Record<string, unknown>, ctx: HandlerContext) =>
  searchAmenitiesFromBody(validated('POST', '/amenities/search', {}, body), ctx);

describe('amenity search from GET and POST', () => {
  const ctx = contextOf(
    sourcesOf([
      amenity('bn_1', 'bench', 800, 2016),
      amenity('bn_2', 'bench', 2500, 2022),
      amenity('vm_1', 'vending_machine', 500, 2021),
    ]),
  );

  it.each([
    [
      { lat: '34.6', lon: '135' },
      { lat: 34.6, lon: 135 },
    ],
    [
      { lat: '-0.5', lon: '139.76', kind: 'toilet', radius_m: '100', limit: '10', year_from: '2020' },
      { lat: -0.5, lon: 139.76, kind: 'toilet', radius_m: 100, limit: 10, year_from: 2020 },
    ],
    [
      { lat: '35', lon: '135', kind: 'bench', radius_m: '3000' },
      { lat: 35, lon: 135, kind: 'bench', radius_m: 3000, year_from: null },
    ],
  ] as const)('GET %j equals POST %j', (get, post) => {
    expect(getAnswer(get, ctx)).toEqual(postAnswer({ ...post }, ctx));
  });

  it('defaults: vending_machine, 1000 m, 3 results, all years', () => {
    expect(postAnswer({ lat: 1, lon: 2 }, ctx).query).toEqual({
      lat: 1,
      lon: 2,
      kind: 'vending_machine',
      radius_m: 1000,
      limit: 3,
      year_from: null,
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

function contextOf(sources: AmenitySources): HandlerContext {
  const manifest = { amenity_datasets: sources.datasets, image_page_template: sources.imagePageTemplate };
  return { data: { amenities: sources.layers, manifest } } as unknown as HandlerContext;
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
