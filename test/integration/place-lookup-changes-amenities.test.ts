import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ServedRelease } from '../../core/data/served-release.ts';
import { haversineMeters } from '../../core/geo/haversine.ts';
import { readManifest, readTableRows } from '../../core/release/read.ts';
import type { AmenityKind, AmenityRow, ChangeRow } from '../../core/release/types.ts';
import { createClient } from '../../generated/place-lookup/client/index.ts';
import { getChange, listAmenitiesNearby, listChangesNearby } from '../../generated/place-lookup/sdk.gen.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// Changes and amenities against the demo release. Expectations are recomputed by brute force from the release's own
// files (read here, not through the server): distances, filters and order. Every response is checked against the spec.

let server: TestServer;
let release: ServedRelease;
let client: ReturnType<typeof createClient>;
let changes: ChangeRow[];

beforeAll(async () => {
  // Several hundred requests in one file: lift the per-IP budget so the limiter is not what is tested here.
  server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '100' } });
  release = server.release;
  client = createClient({ baseUrl: server.url, fetch: checkedFetch });
  const dir = inject('testReleaseDir');
  const manifest = await readManifest(dir);
  changes = [];
  for await (const row of readTableRows(dir, manifest, 'changes')) changes.push(row);
});
afterAll(() => server.close());

interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

async function call(path: string, init?: RequestInit): Promise<Reply> {
  const response = await checkedFetch(`${server.url}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

function qs(params: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(params).filter(([, value]) => value !== undefined) as [string, string | number][];
  return new URLSearchParams(pairs.map(([key, value]) => [key, String(value)])).toString();
}

const codePoints = (text: string) => Array.from(text).length;
const farAway = { lat: '0', lon: '0' };

// ---------- changes ----------

interface ChangeFilter {
  lat: number;
  lon: number;
  radius: number;
  status?: string;
  category?: string;
  yearFrom?: number;
  yearTo?: number;
}

// The document's rule written out independently: within the radius, filtered, distance ascending, year_b descending,
// change_id ascending.
function expectedChanges(filter: ChangeFilter): string[] {
  return changes
    .map((row) => ({ row, d: haversineMeters(filter.lat, filter.lon, row.lat, row.lon) }))
    .filter(
      ({ row, d }) =>
        d <= filter.radius &&
        row.status === (filter.status ?? 'supported') &&
        (filter.category === undefined || row.category === filter.category) &&
        (filter.yearFrom === undefined || row.year_a >= filter.yearFrom) &&
        (filter.yearTo === undefined || row.year_b <= filter.yearTo),
    )
    .sort((a, b) => a.d - b.d || b.row.year_b - a.row.year_b || (a.row.change_id < b.row.change_id ? -1 : 1))
    .map(({ row }) => row.change_id);
}

// The centre whose circle (3000 m by default) holds the most changes (of any status by default): the richest place to
// test filters.
function busiestCentre(radius = 3000, status?: string): { lat: number; lon: number } {
  let best = { lat: 0, lon: 0, n: -1 };
  for (const centre of changes) {
    const n = changes.filter(
      (row) =>
        (status === undefined || row.status === status) &&
        haversineMeters(centre.lat, centre.lon, row.lat, row.lon) <= radius,
    ).length;
    if (n > best.n) best = { lat: centre.lat, lon: centre.lon, n };
  }
  return { lat: best.lat, lon: best.lon };
}

function changesPath(params: Record<string, string | number | undefined>): string {
  return `/v1/changes/nearby?${qs(params)}`;
}

describe('GET /v1/changes/nearby', () => {
  it('defaults: status supported, radius 500, limit 20; Cache-Control public, max-age=60', async () => {
    const centre = busiestCentre(500, 'supported');
    const { status, body, headers } = await call(changesPath({ lat: centre.lat, lon: centre.lon }));
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    expect(body.query).toEqual({
      lat: centre.lat,
      lon: centre.lon,
      radius_m: 500,
      limit: 20,
      category: null,
      status: 'supported',
      year_from: null,
      year_to: null,
    });
    const expected = expectedChanges({ ...centre, radius: 500 }).slice(0, 20);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.results.map((r: any) => r.change_id)).toEqual(expected);
    expect(body.count).toBe(expected.length);
    for (const result of body.results) expect(result.status).toBe('supported');
    expect(body.warnings).toEqual([]);
  });

  it.each(['supported', 'refuted', 'unverifiable', 'withdrawn'])(
    'status=%s returns exactly the rows of that status, in order',
    async (status) => {
      const centre = busiestCentre();
      const { body } = await call(changesPath({ ...centre, radius_m: 3000, limit: 50, status }));
      const expected = expectedChanges({ ...centre, radius: 3000, status }).slice(0, 50);
      expect(expected.length).toBeGreaterThan(0);
      expect(body.results.map((r: any) => r.change_id)).toEqual(expected);
      expect(body.query.status).toBe(status);
    },
  );

  it.each(['設備', '建物', '区画線・標示', '舗装', '沿道用途', '植栽', 'その他'])(
    'category=%s (Japanese enum) filters to that category',
    async (category) => {
      const own = changes.find((row) => row.category === category && row.status === 'supported') as ChangeRow;
      const centre = { lat: own.lat, lon: own.lon };
      const params = { ...centre, radius_m: 3000, limit: 50, category };
      const result = await listChangesNearby({
        client,
        query: { ...params, lat: String(centre.lat), lon: String(centre.lon) } as never,
      });
      const body = result.data as any;
      const expected = expectedChanges({ ...centre, radius: 3000, category }).slice(0, 50);
      expect(expected).toContain(own.change_id);
      expect(body.results.map((r: any) => r.change_id)).toEqual(expected);
      expect(body.query.category).toBe(category);
    },
  );

  it('the city-wide answer of every status equals the brute-force order (distance, year_b desc, change_id)', async () => {
    const centre = busiestCentre();
    for (const status of ['supported', 'refuted']) {
      const { body } = await call(changesPath({ ...centre, radius_m: 3000, limit: 50, status }));
      const distances = body.results.map((r: any) => r.distance_m);
      expect(distances).toEqual([...distances].sort((a: number, b: number) => a - b));
    }
  });

  it('changes of one road group (same centre) are ordered year_b descending, then change_id ascending', async () => {
    const groups = new Map<string, ChangeRow[]>();
    for (const row of changes) {
      if (row.status !== 'supported') continue;
      const key = `${row.lat},${row.lon}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const shared = [...groups.values()].filter((rows) => rows.length >= 2);
    expect(shared.length).toBeGreaterThan(0);
    for (const rows of shared) {
      const first = rows[0] as ChangeRow;
      const { body } = await call(changesPath({ lat: first.lat, lon: first.lon, radius_m: 1, limit: 50 }));
      const atCentre = body.results.filter((r: any) => r.distance_m === 0);
      const expected = [...rows]
        .sort((a, b) => b.year_b - a.year_b || (a.change_id < b.change_id ? -1 : 1))
        .map((row) => row.change_id);
      expect(atCentre.map((r: any) => r.change_id)).toEqual(expected);
    }
  });

  it('limit keeps the first n of the full order, ties at the cut included in the choice', async () => {
    const centre = busiestCentre();
    const all = expectedChanges({ ...centre, radius: 3000 });
    for (const limit of [1, 2, 3, 5]) {
      const { body } = await call(changesPath({ ...centre, radius_m: 3000, limit }));
      expect(body.results.map((r: any) => r.change_id)).toEqual(all.slice(0, limit));
      expect(body.query.limit).toBe(limit);
    }
  });

  it.each([
    [{ year_from: 2010 }, { yearFrom: 2010 }],
    [{ year_to: 2018 }, { yearTo: 2018 }],
    [
      { year_from: 2008, year_to: 2020 },
      { yearFrom: 2008, yearTo: 2020 },
    ],
    [
      { year_from: 2024, year_to: 2024 },
      { yearFrom: 2024, yearTo: 2024 },
    ],
  ] as [Record<string, number>, { yearFrom?: number; yearTo?: number }][])(
    '%j keeps changes with year_a >= year_from and year_b <= year_to',
    async (params, filter) => {
      const centre = busiestCentre();
      const { body } = await call(changesPath({ ...centre, radius_m: 3000, limit: 50, ...params }));
      expect(body.results.map((r: any) => r.change_id)).toEqual(
        expectedChanges({ ...centre, radius: 3000, ...filter }).slice(0, 50),
      );
      expect(body.query.year_from).toBe(filter.yearFrom ?? null);
      expect(body.query.year_to).toBe(filter.yearTo ?? null);
    },
  );

  it.each([
    ['radius_m=0', 'radius_m'],
    ['radius_m=3001', 'radius_m'],
    ['radius=3001', 'radius'],
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    ['category=building', 'category'],
    ['category=', 'category'],
    ['status=open', 'status'],
    ['year_from=1969', 'year_from'],
    ['year_to=2101', 'year_to'],
    ['year_from=2020&year_to=2019', 'year_to'],
    ['quality=best', 'quality'],
    ['generation=gen9-nothing', 'generation'],
    [`generation=${'g'.repeat(65)}`, 'generation'],
  ])('%s is 400 invalid_parameter naming %s', async (extra, field) => {
    const { status, body } = await call(`${changesPath({ lat: '34.62', lon: '135.05' })}&${extra}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', field });
  });

  it('radius 1-3000 is accepted at both ends; the legacy radius works and radius_m wins over it', async () => {
    const centre = busiestCentre();
    const { body: one } = await call(changesPath({ ...centre, radius_m: 1 }));
    expect(one.query.radius_m).toBe(1);
    const { body: legacy } = await call(changesPath({ ...centre, radius: 3000, limit: 50 }));
    expect(legacy.query.radius_m).toBe(3000);
    expect(legacy.results.map((r: any) => r.change_id)).toEqual(
      expectedChanges({ ...centre, radius: 3000 }).slice(0, 50),
    );
    expect(legacy.warnings).toContain('legacy parameter radius is deprecated; use radius_m');
    const { body: both } = await call(changesPath({ ...centre, radius: 3000, radius_m: 200 }));
    expect(both.query.radius_m).toBe(200);
    expect(both.warnings).toContain('legacy parameter radius was ignored because radius_m was also given');
  });

  it('evidence is cut to 200 characters with evidence_truncated; the detail has it in full', async () => {
    const long = changes.filter((row) => row.status === 'supported' && (row.evidence ?? '').length > 200);
    const short = changes.filter(
      (row) => row.status === 'supported' && row.evidence !== null && codePoints(row.evidence) <= 200,
    );
    expect(long.length).toBeGreaterThan(0);
    expect(short.length).toBeGreaterThan(0);
    for (const row of [...long.slice(0, 5), ...short.slice(0, 3)]) {
      const { body } = await call(changesPath({ lat: row.lat, lon: row.lon, radius_m: 1, limit: 50 }));
      const item = body.results.find((r: any) => r.change_id === row.change_id);
      const full = row.evidence as string;
      const isLong = codePoints(full) > 200;
      expect(item.evidence_truncated).toBe(isLong);
      expect(item.evidence).toBe(isLong ? Array.from(full).slice(0, 200).join('') : full);
      const detail = await call(`/v1/changes/${row.change_id}`);
      expect(detail.body.change.evidence).toBe(full);
      expect(detail.body.change.evidence_truncated).toBe(false);
    }
  });

  it('scene_ids_a/b are null and field_notes and the note say why', async () => {
    const centre = busiestCentre();
    const { body } = await call(changesPath({ ...centre, radius_m: 3000, limit: 50 }));
    expect(body.results.length).toBeGreaterThan(0);
    for (const result of body.results) {
      expect(result.scene_ids_a).toBeNull();
      expect(result.scene_ids_b).toBeNull();
    }
    expect(body.field_notes.scene_ids).toMatch(/scene_ids_a と scene_ids_b は常に null/);
    expect(body.note).toMatch(/scene_ids_a と scene_ids_b は常に null/);
    expect(Object.keys(body.field_notes).sort()).toEqual(
      ['change_position', 'quality', 'scene_ids', 'segment_priority_score', 'verification'].sort(),
    );
  });

  it('quality and generation are validated but do not filter: echoed in quality_policy and field_notes.quality', async () => {
    const centre = busiestCentre();
    const base = await call(changesPath({ ...centre, radius_m: 3000, limit: 50 }));
    expect(base.body.quality_policy).toEqual({ requested: 'released', generation: null, experimental_included: false });
    const ids = base.body.results.map((r: any) => r.change_id);
    const variants = [
      { quality: 'include_experimental' },
      { quality: 'experimental_only' },
      ...release.generations.map((generation) => ({ generation: generation.id })),
    ];
    for (const variant of variants) {
      const { status, body } = await call(changesPath({ ...centre, radius_m: 3000, limit: 50, ...variant }));
      expect(status).toBe(200);
      expect(body.results.map((r: any) => r.change_id)).toEqual(ids);
      if ('quality' in variant) {
        expect(body.quality_policy).toMatchObject({ requested: variant.quality, generation: null });
        expect(body.field_notes.quality).toContain(`quality=${variant.quality}`);
      } else {
        expect(body.quality_policy).toMatchObject({ requested: 'released', generation: variant.generation });
        expect(body.field_notes.quality).toContain(`generation=${variant.generation}`);
      }
    }
  });

  it('zero results are 200 with a note that does not claim nothing changed', async () => {
    const { status, body } = await call(changesPath(farAway));
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 0, results: [], candidate_truncated: false });
    expect(body.note).toMatch(/記録がないことは、現地で何も変化しなかったことを意味しません/);
  });

  it('candidate_truncated is false when the candidates are far under the limit of 8000', async () => {
    const centre = busiestCentre();
    const { body } = await call(changesPath({ ...centre, radius_m: 3000, limit: 1 }));
    expect(body.candidate_truncated).toBe(false);
  });

  it('distance_m is the rounded distance to the road-group centre', async () => {
    const centre = busiestCentre();
    const { body } = await call(changesPath({ ...centre, radius_m: 3000, limit: 50 }));
    for (const result of body.results) {
      expect(result.distance_m).toBe(Math.round(haversineMeters(centre.lat, centre.lon, result.lat, result.lon)));
    }
  });
});

describe('GET /v1/changes/{change_id}', () => {
  it('returns the full change with verification and cell_1km; Cache-Control public, max-age=86400', async () => {
    const row = changes.find((candidate) => candidate.verification !== null) as ChangeRow;
    const result = await getChange({ client, path: { change_id: row.change_id } });
    expect(result.response?.status).toBe(200);
    expect(result.response?.headers.get('cache-control')).toBe('public, max-age=86400');
    const body = result.data as any;
    expect(body.change).toEqual({ ...row, evidence_truncated: false });
    expect(body.change.verification).toMatchObject({
      method: expect.any(String),
      same_model_family: expect.any(Boolean),
    });
    expect(body.field_notes.scene_ids).toMatch(/常に null/);
    expect(body.note).toMatch(/scene_ids_a と scene_ids_b/);
  });

  it('every change of the release can be read by id, whatever its status', async () => {
    for (const row of changes) {
      const { status, body } = await call(`/v1/changes/${row.change_id}`);
      expect(status).toBe(200);
      expect(body.change.change_id).toBe(row.change_id);
      expect(body.change.status).toBe(row.status);
      expect(body.change.cell_1km).toBe(row.cell_1km);
    }
  });

  it.each(['chg_000000000000', 'chg_ffffffffffff'])(
    'an unknown id %s is 404 not_found naming change_id',
    async (id) => {
      expect(changes.some((row) => row.change_id === id)).toBe(false);
      const { status, body } = await call(`/v1/changes/${id}`);
      expect(status).toBe(404);
      expect(body.error).toMatchObject({ code: 'not_found', field: 'change_id' });
    },
  );

  it.each(['chg_ABCDEF123456', 'chg_123', 'chg_0123456789abc', 'change_1', '12345', 'chg_%20'])(
    'a malformed id %s is 404 not_found, never 400',
    async (id) => {
      const { status, body } = await call(`/v1/changes/${id}`);
      expect(status).toBe(404);
      expect(body.error.code).toBe('not_found');
    },
  );
});

// ---------- amenities ----------

const kinds: AmenityKind[] = ['vending_machine', 'toilet', 'bench'];

function amenityRows(kind: AmenityKind): AmenityRow[] {
  return [...(release.amenities.get(kind)?.rows ?? [])];
}

function expectedAmenities(kind: AmenityKind, lat: number, lon: number, radius: number, yearFrom?: number) {
  return amenityRows(kind)
    .map((row) => ({ row, d: haversineMeters(lat, lon, row.lat, row.lon) }))
    .filter(({ row, d }) => d <= radius && (yearFrom === undefined || row.capture_year >= yearFrom))
    .sort((a, b) => a.d - b.d || (a.row.id < b.row.id ? -1 : 1))
    .map(({ row }) => row.id);
}

// The capture point of the kind with the most others of its kind within 1000 m.
function densest(kind: AmenityKind): { lat: number; lon: number } {
  let best = { lat: 0, lon: 0, n: -1 };
  for (const centre of amenityRows(kind)) {
    const n = amenityRows(kind).filter(
      (row) => haversineMeters(centre.lat, centre.lon, row.lat, row.lon) <= 1000,
    ).length;
    if (n > best.n) best = { lat: centre.lat, lon: centre.lon, n };
  }
  return { lat: best.lat, lon: best.lon };
}

function amenitiesPath(params: Record<string, string | number | undefined>): string {
  return `/v1/amenities/nearby?${qs(params)}`;
}

const json = { 'content-type': 'application/json' };

function post(path: string, body: unknown): Promise<Reply> {
  return call(path, { method: 'POST', headers: json, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

const withoutRequestId = ({ request_id: _ignored, ...rest }: Record<string, unknown>) => rest;

describe('GET /v1/amenities/nearby', () => {
  it('defaults: kind vending_machine, radius 1000, limit 3, all years; nearest first; Cache-Control no-store', async () => {
    const centre = densest('vending_machine');
    const { status, body, headers } = await call(amenitiesPath(centre));
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.query).toEqual({ ...centre, kind: 'vending_machine', radius_m: 1000, limit: 3, year_from: null });
    const expected = expectedAmenities('vending_machine', centre.lat, centre.lon, 1000).slice(0, 3);
    expect(expected).toHaveLength(3);
    expect(body.results.map((r: any) => r.id)).toEqual(expected);
    expect(body.count).toBe(3);
  });

  it.each(kinds)(
    'kind=%s: results of that kind only, nearest first, with its dataset from the manifest',
    async (kind) => {
      const centre = densest(kind);
      const result = await listAmenitiesNearby({
        client,
        query: { lat: String(centre.lat), lon: String(centre.lon), kind, radius_m: 3000, limit: 10 } as never,
      });
      const body = result.data as any;
      expect(body.results.map((r: any) => r.id)).toEqual(
        expectedAmenities(kind, centre.lat, centre.lon, 3000).slice(0, 10),
      );
      expect(body.dataset).toEqual(release.manifest.amenity_datasets[kind]);
      const distances = body.results.map((r: any) => r.distance_m);
      expect(distances).toEqual([...distances].sort((a: number, b: number) => a - b));
    },
  );

  it('each result is a capture location with its scene, photo page and rounded distance', async () => {
    const centre = densest('bench');
    const { body } = await call(amenitiesPath({ ...centre, kind: 'bench', radius_m: 3000, limit: 10 }));
    const byId = new Map(amenityRows('bench').map((row) => [row.id, row]));
    for (const result of body.results) {
      const row = byId.get(result.id) as AmenityRow;
      const { kind: _kind, ...stored } = row;
      expect(result).toMatchObject(stored);
      expect(result.position_basis).toBe('capture_location');
      expect(result.distance_m).toBe(Math.round(haversineMeters(centre.lat, centre.lon, row.lat, row.lon)));
      expect(result.image_page).toBe(release.manifest.image_page_template.replace('{id}', row.scene_id));
    }
    expect(body.note).toMatch(/撮影地点/);
  });

  it.each([2000, 2015, 2020, 2026])('year_from=%i keeps capture years from then on', async (yearFrom) => {
    const centre = densest('vending_machine');
    const { body } = await call(amenitiesPath({ ...centre, radius_m: 3000, limit: 10, year_from: yearFrom }));
    expect(body.results.map((r: any) => r.id)).toEqual(
      expectedAmenities('vending_machine', centre.lat, centre.lon, 3000, yearFrom).slice(0, 10),
    );
    for (const result of body.results) expect(result.capture_year).toBeGreaterThanOrEqual(yearFrom);
    expect(body.query.year_from).toBe(yearFrom);
  });

  it('radius 100 and 3000 and limits 1 and 10 are accepted and applied', async () => {
    const centre = densest('vending_machine');
    for (const [radius, limit] of [
      [100, 1],
      [3000, 10],
      [100, 10],
    ] as const) {
      const { body } = await call(amenitiesPath({ ...centre, radius_m: radius, limit }));
      expect(body.query).toMatchObject({ radius_m: radius, limit });
      expect(body.results.map((r: any) => r.id)).toEqual(
        expectedAmenities('vending_machine', centre.lat, centre.lon, radius).slice(0, limit),
      );
    }
  });

  it.each([
    ['radius_m=99', 'radius_m'],
    ['radius_m=3001', 'radius_m'],
    ['limit=0', 'limit'],
    ['limit=11', 'limit'],
    ['kind=atm', 'kind'],
    ['kind=', 'kind'],
    ['year_from=1999', 'year_from'],
    ['year_from=2101', 'year_from'],
    ['year_from=20x0', 'year_from'],
  ])('%s is 400 invalid_parameter naming %s', async (extra, field) => {
    const { status, body } = await call(`${amenitiesPath({ lat: '34.62', lon: '135.05' })}&${extra}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', field });
  });

  it('zero results are 200 with a note that absence is not proven', async () => {
    const { status, body } = await call(amenitiesPath({ ...farAway, kind: 'toilet' }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 0, results: [] });
    expect(body.dataset.kind).toBe('toilet');
    expect(body.note).toMatch(/記録がないことは、現地に存在しないことを意味しません/);
  });
});

describe('POST /amenities/search (and /vending/search)', () => {
  const queries = (): Record<string, unknown>[] => {
    const centre = densest('vending_machine');
    return [
      { lat: centre.lat, lon: centre.lon },
      { lat: centre.lat, lon: centre.lon, kind: 'toilet', radius_m: 3000, limit: 10 },
      { lat: centre.lat, lon: centre.lon, kind: 'bench', radius_m: 500, limit: 5, year_from: 2018 },
      { lat: centre.lat, lon: centre.lon, kind: 'vending_machine', radius_m: 100, limit: 1 },
      { lat: 0, lon: 0 },
    ];
  };

  it('GET and POST (both paths) give identical bodies except request_id', async () => {
    for (const query of queries()) {
      const get = await call(amenitiesPath(query as Record<string, number>));
      expect(get.status).toBe(200);
      for (const path of ['/amenities/search', '/vending/search']) {
        const answer = await post(path, query);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('cache-control')).toBe('no-store');
        expect(withoutRequestId(answer.body)).toEqual(withoutRequestId(get.body));
      }
    }
  });

  it('year_from null means all years, like omitting it', async () => {
    const centre = densest('vending_machine');
    const omitted = await post('/amenities/search', { ...centre, radius_m: 3000, limit: 10 });
    const nulled = await post('/amenities/search', { ...centre, radius_m: 3000, limit: 10, year_from: null });
    expect(nulled.status).toBe(200);
    expect(nulled.body.query.year_from).toBeNull();
    expect(withoutRequestId(nulled.body)).toEqual(withoutRequestId(omitted.body));
  });

  it.each(['/amenities/search', '/vending/search'])(
    '%s: a body over 2048 bytes is 413 payload_too_large',
    async (path) => {
      const body = JSON.stringify({ lat: 34.62, lon: 135.05, kind: 'vending_machine', pad: ' '.repeat(2100) });
      const { status, body: answer } = await post(path, body);
      expect(status).toBe(413);
      expect(answer.error.code).toBe('payload_too_large');
    },
  );

  it('a body of exactly 2048 bytes is read (and judged on its content)', async () => {
    const core = JSON.stringify({ lat: 34.62, lon: 135.05 });
    const body = `${core}${' '.repeat(2048 - Buffer.byteLength(core))}`;
    expect(Buffer.byteLength(body)).toBe(2048);
    const { status } = await post('/amenities/search', body);
    expect(status).toBe(200);
  });

  it.each([
    [{ lon: 135.05 }, 'lat'],
    [{ lat: 91, lon: 135.05 }, 'lat'],
    [{ lat: 34.62, lon: 135.05, radius_m: 99 }, 'radius_m'],
    [{ lat: 34.62, lon: 135.05, limit: 11 }, 'limit'],
    [{ lat: 34.62, lon: 135.05, kind: 'atm' }, 'kind'],
    [{ lat: 34.62, lon: 135.05, year_from: 1999 }, 'year_from'],
    [{ lat: '34.62', lon: 135.05 }, 'lat'],
  ])('body %j is 400 naming %s', async (body, field) => {
    const { status, body: answer } = await post('/amenities/search', body);
    expect(status).toBe(400);
    expect(answer.error.field).toBe(field);
  });

  it('GET on /amenities/search is 405 with Allow: POST', async () => {
    const { status, headers } = await call('/amenities/search');
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('POST');
  });
});
