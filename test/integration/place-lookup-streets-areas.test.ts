import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedRelease } from '../../core/data/served-release.ts';
import { haversineMeters } from '../../core/geo/haversine.ts';
import { type GeoPolygonGeometry, polygonGeometryContains } from '../../core/geo/point-in-polygon.ts';
import { pointToPolylineMeters } from '../../core/geo/polyline-distance.ts';
import type { AreaRow, EdgeRow, StreetRow } from '../../core/release/types.ts';
import {
  type EdgeLight,
  getArea,
  getEdge,
  getStreet,
  normalizeName,
  type StreetLight,
} from '../../core/store/index.ts';
import { createClient } from '../../generated/place-lookup/client/index.ts';
import {
  getAreaAt,
  getArea as getAreaCall,
  getEdge as getEdgeCall,
  getStreet as getStreetCall,
  listAreasNearby,
  listStreetsNearby,
  searchAreas,
  searchStreets,
} from '../../generated/place-lookup/sdk.gen.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// Streets, edges and areas against the demo release: every expectation is recomputed from the release's own rows by
// brute force (distances, containment, name matching), never written down. Every response is checked against the spec.

let server: TestServer;
let release: ServedRelease;
let client: ReturnType<typeof createClient>;

beforeAll(async () => {
  // Several hundred requests in one file: lift the per-IP budget so the limiter is not what is tested here.
  server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '100' } });
  release = server.release;
  client = createClient({ baseUrl: server.url, fetch: checkedFetch });
});
afterAll(() => server.close());

async function get(path: string): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await checkedFetch(`${server.url}${path}`);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

const layerKeys = ['grade', 'rates', 'years', 'sides', 'versions', 'license'];
const farAway = { lat: '0', lon: '0' };
const noteSaysNotRecorded = /記録がないことは、現地に存在しないことを意味しません/;

function streetRows() {
  return release.streets.rows;
}

function servedEdges(): EdgeLight[] {
  return release.edges.rows.filter((edge) => edge.n_scenes >= 15);
}

function middleVertex(edge: EdgeLight): [number, number] {
  return edge.geom[Math.floor(edge.geom.length / 2)] as [number, number];
}

// The documented rule, by brute force: eligible edges within the radius, grouped by street, nearest first.
function bruteStreetsNearby(lat: number, lon: number, radius: number) {
  const within = servedEdges()
    .map((edge) => ({ edge, d: pointToPolylineMeters(lat, lon, edge.geom) }))
    .filter((hit) => hit.d <= radius);
  const byStreet = new Map<number, { streetId: number; d: number }>();
  for (const { edge, d } of within) {
    if (edge.street_id === null) continue;
    const known = byStreet.get(edge.street_id);
    if (!known || d < known.d) byStreet.set(edge.street_id, { streetId: edge.street_id, d });
  }
  const streets = [...byStreet.values()].sort((a, b) => a.d - b.d || a.streetId - b.streetId);
  const unnamed = within.filter((hit) => hit.edge.street_id === null).sort((a, b) => a.d - b.d);
  return { considered: within.length, streets, unnamed };
}

// The middle vertex of a named edge with the most streets within 500 m: where order and grouping show.
function busiestNamedPoint(): { edge: EdgeLight; lat: number; lon: number; streets: number } {
  let best: { edge: EdgeLight; lat: number; lon: number; streets: number } | null = null;
  for (const edge of servedEdges()) {
    if (edge.street_id === null) continue;
    const [lat, lon] = middleVertex(edge);
    const streets = bruteStreetsNearby(lat, lon, 500).streets.length;
    if (!best || streets > best.streets) best = { edge, lat, lon, streets };
  }
  if (!best || best.streets < 3) throw new Error('the demo city should have a point with three streets within 500 m');
  return best;
}

function nondecreasing(values: number[]): boolean {
  return values.every((value, i) => i === 0 || (values[i - 1] as number) <= value);
}

describe('GET /v1/streets/nearby', () => {
  it('groups edges within the radius into named streets, nearest first, as brute force does', async () => {
    const { edge, lat, lon } = busiestNamedPoint();
    const expected = bruteStreetsNearby(lat, lon, 500);
    const { data, response } = await listStreetsNearby({
      client,
      query: { lat: String(lat), lon: String(lon), radius_m: 500, limit: 20 },
    });
    expect(response?.status).toBe(200);
    expect(response?.headers.get('cache-control')).toBe('public, max-age=60');
    expect(data?.n_edges_considered).toBe(expected.considered);
    expect(data?.streets.map((s) => s.street_id)).toEqual(expected.streets.slice(0, 20).map((s) => s.streetId));
    expect(data?.streets[0]?.nearest_edge).toEqual({ edge_id: edge.edge_id, dist_m: 0 });
    for (const [i, street] of (data?.streets ?? []).entries()) {
      const nearest = release.edges.rows.find((e) => e.edge_id === street.nearest_edge.edge_id);
      expect(nearest?.street_id).toBe(street.street_id);
      expect(street.nearest_edge.dist_m).toBeCloseTo(expected.streets[i]?.d ?? -1, 1);
      const row = release.streets.byId.get(street.street_id);
      expect(street).toMatchObject({ name: row?.name, ward: row?.ward, coverage_grade: row?.coverage_grade });
      expect(street).not.toHaveProperty('axis');
    }
    expect(nondecreasing((data?.streets ?? []).map((s) => s.nearest_edge.dist_m))).toBe(true);
  });

  it('a street with several edges in the radius is one item; same-named streets of two wards are two', async () => {
    // The closest pair of vertices of two same-named streets in different wards.
    const named = servedEdges().filter((e) => e.street_id !== null);
    let best: { lat: number; lon: number; d: number; ids: [number, number] } | null = null;
    for (const a of named) {
      for (const b of named) {
        if (a.name !== b.name || a.ward === b.ward || (a.street_id as number) >= (b.street_id as number)) continue;
        for (const p of a.geom) {
          for (const q of b.geom) {
            const d = haversineMeters(p[0], p[1], q[0], q[1]);
            if (!best || d < best.d) {
              const ids: [number, number] = [a.street_id as number, b.street_id as number];
              best = { lat: (p[0] + q[0]) / 2, lon: (p[1] + q[1]) / 2, d, ids };
            }
          }
        }
      }
    }
    expect(best, 'the demo city has same-named streets in neighbouring wards').not.toBeNull();
    const { lat, lon, d, ids } = best as NonNullable<typeof best>;
    expect(d).toBeLessThan(900);
    const { data } = await listStreetsNearby({
      client,
      query: { lat: String(lat), lon: String(lon), radius_m: 500, limit: 20 },
    });
    const streets = data?.streets ?? [];
    const ofPair = streets.filter((s) => ids.includes(s.street_id));
    expect(ofPair).toHaveLength(2);
    expect(ofPair[0]?.name).toBe(ofPair[1]?.name);
    expect(ofPair[0]?.ward).not.toBe(ofPair[1]?.ward);
    expect(new Set(streets.map((s) => s.street_id)).size).toBe(streets.length);
    const expected = bruteStreetsNearby(lat, lon, 500);
    const edgesInRadius = expected.considered - expected.unnamed.length;
    expect(edgesInRadius).toBeGreaterThanOrEqual(streets.length);
  });

  it('unnamed edges are listed per edge with their numbers and distance', async () => {
    const edge = servedEdges().find((e) => e.street_id === null) as EdgeLight;
    const [lat, lon] = middleVertex(edge);
    const expected = bruteStreetsNearby(lat, lon, 200);
    const { data } = await listStreetsNearby({
      client,
      query: { lat: String(lat), lon: String(lon), radius_m: 200, limit: 20 },
    });
    expect(data?.unnamed_edges[0]).toEqual({
      edge_id: edge.edge_id,
      highway_class: edge.highway_class,
      length_m: edge.length_m,
      n_scenes: edge.n_scenes,
      dist_m: 0,
      town_key: edge.town_key,
      ward: edge.ward,
    });
    expect(data?.unnamed_edges.map((e) => e.edge_id)).toEqual(expected.unnamed.slice(0, 20).map((h) => h.edge.edge_id));
    expect(nondecreasing((data?.unnamed_edges ?? []).map((e) => e.dist_m))).toBe(true);
  });

  it('limit cuts streets and unnamed edges, keeps the nearest, and n_edges_considered counts them all', async () => {
    const best = busiestNamedPoint();
    const expected = bruteStreetsNearby(best.lat, best.lon, 500);
    const { data } = await listStreetsNearby({
      client,
      query: { lat: String(best.lat), lon: String(best.lon), radius_m: 500, limit: 1 },
    });
    expect(data?.streets.map((s) => s.street_id)).toEqual([expected.streets[0]?.streetId]);
    expect(data?.unnamed_edges.length).toBe(Math.min(1, expected.unnamed.length));
    expect(data?.n_edges_considered).toBe(expected.considered);
    expect(data?.query).toEqual({ lat: best.lat, lon: best.lon, radius_m: 500, limit: 1 });
    expect(data?.note).toMatch(/limit/);
  });

  it('defaults radius_m 60 and limit 5, echoes the query, and carries la_release, la_counts and notes', async () => {
    const edge = servedEdges()[0] as EdgeLight;
    const [lat, lon] = middleVertex(edge);
    const { data } = await listStreetsNearby({ client, query: { lat: String(lat), lon: String(lon) } });
    expect(data?.query).toEqual({ lat, lon, radius_m: 60, limit: 5 });
    expect(data?.la_release).toBe(release.manifest.la_release);
    expect(data?.la_counts).toEqual(release.manifest.la_counts);
    expect(Object.keys(data?.notes ?? {}).sort()).toEqual([...layerKeys].sort());
    expect(data?.n_edges_considered).toBe(bruteStreetsNearby(lat, lon, 60).considered);
  });

  it('nothing within the radius is a 200 with empty lists and an honest note', async () => {
    const { data, response } = await listStreetsNearby({ client, query: { ...farAway, radius_m: 500 } });
    expect(response?.status).toBe(200);
    expect(data).toMatchObject({ streets: [], unnamed_edges: [], n_edges_considered: 0 });
    expect(data?.note).toMatch(noteSaysNotRecorded);
  });

  it('grade D streets in the list have has_karte false and the note says why', async () => {
    const gradeD = streetRows().find((s) => s.coverage_grade === 'D');
    const edge = servedEdges().find((e) => e.street_id === gradeD?.street_id) as EdgeLight;
    const [lat, lon] = middleVertex(edge);
    const { data } = await listStreetsNearby({ client, query: { lat: String(lat), lon: String(lon), limit: 20 } });
    const listed = data?.streets.find((s) => s.street_id === gradeD?.street_id);
    expect(listed).toMatchObject({ coverage_grade: 'D', has_karte: false });
    expect(data?.note).toMatch(/coverage_grade D/);
  });

  it.each([
    ['radius_m=0', 'radius_m'],
    ['radius_m=501', 'radius_m'],
    ['limit=0', 'limit'],
    ['limit=21', 'limit'],
    ['lat=abc', 'lat'],
  ])('%s is 400 naming %s', async (extra, field) => {
    const base = new URLSearchParams({ lat: '34.6', lon: '135.0' });
    for (const [key, value] of new URLSearchParams(extra)) base.set(key, value);
    const { status, body } = await get(`/v1/streets/nearby?${base}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', field });
  });
});

// The documented name rule, by brute force over the layer's names.
function bruteNameMatches<T extends { name: string; ward: string | null }>(
  rows: readonly T[],
  q: string,
  ward?: string,
) {
  const needle = normalizeName(q);
  return rows.filter((row) => normalizeName(row.name).includes(needle) && (ward === undefined || row.ward === ward));
}

const kangxiMountain = '\u2F2D'; // KANGXI RADICAL MOUNTAIN: NFKC turns it into 山

describe('GET /v1/streets/search', () => {
  const cases = () => {
    const common = [...streetRows()].sort((a, b) => b.name.length - a.name.length)[0]?.name as string;
    return [
      ['a full name', common],
      ['one character of a name', common.slice(-1)],
      ['a name written with a compatibility character (NFKC)', kangxiMountain],
      ['a name with a full-width space inside', `${common.slice(0, 1)}\u3000${common.slice(1)}`],
      ['no such name', 'ゾゾゾ存在しない'],
      ['a LIKE wildcard, matched literally', '%'],
      ['an underscore, matched literally', '_'],
    ] as const;
  };

  it('matches q as an NFKC-normalised substring of street names, like brute force', async () => {
    for (const [, q] of cases()) {
      const expected = bruteNameMatches(streetRows(), q);
      const { data, response } = await searchStreets({ client, query: { q, limit: 50 } });
      expect(response?.status, q).toBe(200);
      expect(
        data?.results.map((s) => s.street_id).sort((a, b) => a - b),
        q,
      ).toEqual(expected.map((s) => s.street_id).sort((a, b) => a - b));
      expect(data?.count).toBe(expected.length);
      expect(data?.query).toEqual({ q, ward: null, limit: 50 });
      if (expected.length === 0) expect(data?.note, q).toMatch(noteSaysNotRecorded);
    }
    expect(bruteNameMatches(streetRows(), kangxiMountain).length).toBeGreaterThan(0);
  });

  it('ward restricts the matches to one ward; limit caps them', async () => {
    const sameName = streetRows().filter((s) => streetRows().some((t) => t.name === s.name && t.ward !== s.ward));
    const pick = sameName[0] as (typeof sameName)[number];
    const ward = pick.ward as string;
    const expected = bruteNameMatches(streetRows(), pick.name, ward);
    const { data } = await searchStreets({ client, query: { q: pick.name, ward } });
    expect(data?.results.map((s) => s.street_id).sort()).toEqual(expected.map((s) => s.street_id).sort());
    expect(data?.results.every((s) => s.ward === ward)).toBe(true);
    expect(data?.query).toEqual({ q: pick.name, ward, limit: 10 });
    const all = bruteNameMatches(streetRows(), pick.name);
    expect(all.length).toBeGreaterThan(expected.length);
    const limited = await searchStreets({ client, query: { q: pick.name, limit: 1 } });
    expect(limited.data?.count).toBe(1);
    expect(limited.data?.la_counts).toEqual(release.manifest.la_counts);
  });

  it('results are summaries whose has_karte follows the grade', async () => {
    const { data } = await searchStreets({ client, query: { q: kangxiMountain, limit: 50 } });
    for (const street of data?.results ?? []) {
      expect(street.has_karte).toBe(street.coverage_grade !== 'D');
      expect(street).not.toHaveProperty('karte');
    }
  });

  it.each([
    ['q=', 'q'],
    ['q=%20%20', 'q'],
    ['q=%E3%80%80', 'q'],
    [`q=${'あ'.repeat(61)}`, 'q'],
    ['q=x&ward=', 'ward'],
    [`q=x&ward=${'区'.repeat(21)}`, 'ward'],
    ['q=x&limit=51', 'limit'],
    ['q=x&limit=0', 'limit'],
    ['ward=x', 'q'],
  ])('%s is 400 naming %s', async (query, field) => {
    const { status, body } = await get(`/v1/streets/search?${query}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', field });
  });
});

describe('GET /v1/streets/{street_id}', () => {
  it('every street: grade D has karte null and has_karte false; A-C carry their karte and provenance', async () => {
    for (const light of streetRows()) {
      const row = (await getStreet(release.store, release.record.release_id, light.street_id)) as StreetRow;
      const { data, response } = await getStreetCall({ client, path: { street_id: light.street_id } });
      expect(response?.status).toBe(200);
      expect(data?.la_release).toBe(release.manifest.la_release);
      if (row.coverage_grade === 'D') {
        expect(data).toMatchObject({ karte: null, has_karte: false, karte_provenance: null, karte_versions: [] });
        expect(data?.note).toMatch(/coverage_grade D/);
      } else {
        expect(data?.karte).toEqual(row.karte);
        expect(data?.has_karte).toBe(row.karte !== null);
        expect(data?.karte_provenance).toEqual(row.karte_provenance);
      }
      expect(data).toMatchObject({ street_id: row.street_id, name: row.name, n_scenes: row.n_scenes });
    }
  });

  it('without include: no profile, axis or edges, and versions without their text, newest first', async () => {
    const light = streetRows().find((s) => s.coverage_grade !== 'D' && s.has_karte) as StreetLight;
    const row = (await getStreet(release.store, release.record.release_id, light.street_id)) as StreetRow;
    const { data, response } = await getStreetCall({ client, path: { street_id: light.street_id } });
    expect(response?.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(data).not.toHaveProperty('profile');
    expect(data).not.toHaveProperty('axis');
    expect(data).not.toHaveProperty('edges');
    expect(data?.karte_versions.length).toBe(row.karte_versions.length);
    for (const version of data?.karte_versions ?? []) expect(version).not.toHaveProperty('karte');
    const times = (data?.karte_versions ?? []).map((v) => Date.parse(v.generated_at));
    expect(nondecreasing([...times].reverse())).toBe(true);
  });

  it('include=versions gives each version its karte text', async () => {
    const withTwo = [];
    for (const light of streetRows()) {
      const row = (await getStreet(release.store, release.record.release_id, light.street_id)) as StreetRow;
      if (row.karte_versions.length > 1 && row.coverage_grade !== 'D') withTwo.push(row);
    }
    const row = withTwo[0] as StreetRow;
    const { data } = await getStreetCall({
      client,
      path: { street_id: row.street_id },
      query: { include: 'versions' },
    });
    expect(data?.karte_versions.length).toBe(row.karte_versions.length);
    for (const version of data?.karte_versions ?? []) {
      const source = row.karte_versions.find((v) => v.tag === version.tag);
      expect(version.karte).toEqual(source?.karte);
    }
    expect(data?.karte_versions[0]?.karte).toEqual(row.karte);
  });

  it('include=profile,axis,edges adds the profile, the axis and the eligible edges of the street', async () => {
    const light = [...streetRows()].sort((a, b) => b.n_scenes - a.n_scenes)[0] as { street_id: number };
    const row = (await getStreet(release.store, release.record.release_id, light.street_id)) as StreetRow;
    const { data } = await getStreetCall({
      client,
      path: { street_id: row.street_id },
      query: { include: 'profile,axis,edges' },
    });
    expect(data?.profile).toEqual(row.profile);
    expect(data?.profile?.n_scenes).toBe(row.n_scenes);
    expect(data?.axis).toEqual(row.axis);
    const expected = servedEdges()
      .filter((e) => e.street_id === row.street_id)
      .map((e) => e.edge_id)
      .sort();
    expect(data?.edges?.map((e) => e.edge_id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it.each([
    ['/v1/streets/999999', 404, 'not_found', 'street_id'],
    ['/v1/streets/0', 400, 'invalid_parameter', 'street_id'],
    ['/v1/streets/abc', 400, 'invalid_parameter', 'street_id'],
    ['/v1/streets/1?include=karte', 400, 'invalid_parameter', 'include'],
    ['/v1/streets/1?include=', 400, 'invalid_parameter', 'include'],
    ['/v1/streets/1?include=profile,', 400, 'invalid_parameter', 'include'],
  ])('%s is %i %s naming %s', async (path, status, code, field) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.body.error).toMatchObject({ code, field });
  });
});

describe('GET /v1/edges/{edge_id}', () => {
  it('every served edge answers with its numbers, geometry and profile', async () => {
    for (const light of servedEdges()) {
      const row = (await getEdge(release.store, release.record.release_id, light.edge_id)) as EdgeRow;
      const { data, response } = await getEdgeCall({ client, path: { edge_id: light.edge_id } });
      expect(response?.status).toBe(200);
      expect(data).toMatchObject({
        la_release: release.manifest.la_release,
        edge_id: row.edge_id,
        street_id: row.street_id,
        town_key: row.town_key,
        name: row.name,
        n_scenes: row.n_scenes,
      });
      expect(data?.geom).toEqual(row.geom);
      expect(data?.profile).toEqual(row.profile);
      expect(data?.profile.edge_id).toBe(row.edge_id);
    }
    expect((await get(`/v1/edges/${servedEdges()[0]?.edge_id}`)).headers.get('cache-control')).toBe(
      'public, max-age=86400',
    );
  });

  it.each([
    ['/v1/edges/1_2', 404, 'not_found'],
    ['/v1/edges/abc', 400, 'invalid_parameter'],
    ['/v1/edges/12_', 400, 'invalid_parameter'],
    ['/v1/edges/1_2_3', 400, 'invalid_parameter'],
  ])('%s is %i %s naming edge_id', async (path, status, code) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.body.error).toMatchObject({ code, field: 'edge_id' });
  });
});

// The lowest town_key whose polygon holds the point, by brute force.
function bruteAreaAt(lat: number, lon: number): string | null {
  const holding = release.areas.rows.filter((area) =>
    polygonGeometryContains(area.geometry as GeoPolygonGeometry, lat, lon),
  );
  return holding.map((area) => area.town_key).sort()[0] ?? null;
}

describe('GET /v1/areas/at', () => {
  it('returns the town block whose polygon holds the point, as brute force finds it', async () => {
    const samples = [...release.areas.rows].filter((_, i) => i % 97 === 0);
    for (const area of samples) {
      const { lat, lon } = area.center;
      const expected = bruteAreaAt(lat, lon);
      const { data, response } = await getAreaAt({ client, query: { lat: String(lat), lon: String(lon) } });
      expect(response?.status).toBe(200);
      expect(data?.area?.town_key ?? null).toBe(expected);
      expect(data?.query).toEqual({ lat, lon });
      if (data?.area) {
        expect(data.area).not.toHaveProperty('geometry');
        expect(data.area.has_karte).toBe(area.has_karte && area.coverage_grade !== 'D');
      }
    }
  });

  it('a point on a block corner shared by several blocks gets the lowest town_key', async () => {
    const corner = release.areas.rows[0]?.geometry.coordinates[0]?.[0];
    if (!corner) throw new Error('the demo layer has at least one block');
    const [lon, lat] = corner;
    const expected = bruteAreaAt(lat, lon);
    const { data } = await getAreaAt({ client, query: { lat: String(lat), lon: String(lon) } });
    expect(data?.area?.town_key).toBe(expected);
  });

  it('outside every block: 200 with area null and a note', async () => {
    const { data, response } = await getAreaAt({ client, query: farAway });
    expect(response?.status).toBe(200);
    expect(response?.headers.get('cache-control')).toBe('public, max-age=60');
    expect(data?.area).toBeNull();
    expect(data?.note).toMatch(noteSaysNotRecorded);
    expect(data?.la_counts).toEqual(release.manifest.la_counts);
    expect(Object.keys(data?.notes ?? {}).sort()).toEqual([...layerKeys].sort());
  });

  it.each([
    ['lat=91&lon=0', 'lat'],
    ['lat=0', 'lon'],
    ['lat=1e1&lon=0', 'lat'],
  ])('%s is 400 naming %s', async (query, field) => {
    const { status, body } = await get(`/v1/areas/at?${query}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', field });
  });
});

function bruteAreasNearby(lat: number, lon: number, radius: number) {
  return release.areas.rows
    .map((area, index) => ({ area, index, d: haversineMeters(lat, lon, area.center.lat, area.center.lon) }))
    .filter((hit) => hit.d <= radius)
    .sort((a, b) => a.d - b.d || a.index - b.index);
}

describe('GET /v1/areas/nearby', () => {
  it('lists blocks whose centre is within the radius, nearest centre first, like brute force', async () => {
    const area = release.areas.rows[Math.floor(release.areas.rows.length / 2)] as (typeof release.areas.rows)[0];
    const { lat, lon } = area.center;
    for (const [radius, limit] of [
      [800, 5],
      [3000, 20],
      [200, 20],
    ] as const) {
      const expected = bruteAreasNearby(lat, lon, radius).slice(0, limit);
      const { data } = await listAreasNearby({
        client,
        query: { lat: String(lat), lon: String(lon), radius_m: radius, limit },
      });
      expect(data?.results.map((a) => a.town_key)).toEqual(expected.map((hit) => hit.area.town_key));
      expect(data?.results.map((a) => a.center_dist_m)).toEqual(expected.map((hit) => Math.round(hit.d)));
      expect(data?.count).toBe(expected.length);
      expect(data?.query).toEqual({ lat, lon, radius_m: radius, limit });
    }
    const { data } = await listAreasNearby({ client, query: { lat: String(lat), lon: String(lon) } });
    expect(data?.query).toMatchObject({ radius_m: 800, limit: 5 });
    expect(data?.results[0]).toMatchObject({ town_key: area.town_key, center_dist_m: 0 });
  });

  it('nothing within the radius is a 200 with zero results and an honest note', async () => {
    const { data, response } = await listAreasNearby({ client, query: farAway });
    expect(response?.status).toBe(200);
    expect(data).toMatchObject({ count: 0, results: [] });
    expect(data?.note).toMatch(noteSaysNotRecorded);
  });

  it.each([
    ['radius_m=0', 'radius_m'],
    ['radius_m=3001', 'radius_m'],
    ['limit=21', 'limit'],
  ])('%s is 400 naming %s', async (extra, field) => {
    const { status, body } = await get(`/v1/areas/nearby?lat=34.6&lon=135&${extra}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', field });
  });
});

describe('GET /v1/areas/search', () => {
  it('matches q as an NFKC-normalised substring of block names, optionally within a ward', async () => {
    const rows = release.areas.rows;
    const sample = rows.find((a) => a.coverage_grade !== 'D') as (typeof rows)[0];
    const stem = sample.name.slice(0, 2);
    for (const [q, ward] of [
      [sample.name, undefined],
      [stem, undefined],
      [stem, sample.ward],
      [kangxiMountain, undefined],
      ['ゾゾゾ存在しない', undefined],
      ['%', undefined],
    ] as const) {
      const expected = bruteNameMatches(rows, q, ward);
      const { data } = await searchAreas({ client, query: { q, ward, limit: 50 } });
      const keys = data?.results.map((a) => a.town_key).sort();
      if (expected.length <= 50) expect(keys, q).toEqual(expected.map((a) => a.town_key).sort());
      else expect(data?.count).toBe(50);
      for (const area of data?.results ?? []) expect(normalizeName(area.name)).toContain(normalizeName(q));
      expect(data?.query).toEqual({ q, ward: ward ?? null, limit: 50 });
      if (expected.length === 0) expect(data?.note).toMatch(noteSaysNotRecorded);
    }
  });

  it.each([
    ['q=', 'q'],
    ['q=%20', 'q'],
    [`q=${'a'.repeat(61)}`, 'q'],
    ['q=x&ward=', 'ward'],
    ['q=x&limit=51', 'limit'],
  ])('%s is 400 naming %s', async (query, field) => {
    const { status, body } = await get(`/v1/areas/search?${query}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', field });
  });
});

describe('GET /v1/areas/{town_key}', () => {
  it('grade D blocks have karte null; blocks with a karte carry it; versions are metadata only', async () => {
    const graded = ['A', 'B', 'C', 'D'].map((grade) => release.areas.rows.find((a) => a.coverage_grade === grade));
    // The rule under test needs a grade D block and one with a karte in the demo release.
    expect(graded[3]).toBeDefined();
    expect(graded[0]).toBeDefined();
    for (const light of graded) {
      if (!light) continue;
      const row = (await getArea(release.store, release.record.release_id, light.town_key)) as AreaRow;
      const { data, response } = await getAreaCall({ client, path: { town_key: light.town_key } });
      expect(response?.status).toBe(200);
      expect(response?.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(data).not.toHaveProperty('profile');
      expect(data).not.toHaveProperty('geometry');
      if (row.coverage_grade === 'D') {
        expect(data).toMatchObject({ karte: null, has_karte: false, karte_provenance: null, karte_versions: [] });
        expect(data?.note).toMatch(/coverage_grade D/);
      } else {
        expect(data?.karte).toEqual(row.karte);
        expect(data?.karte_provenance).toEqual(row.karte_provenance);
        expect(data?.karte_versions.map((v) => v.tag)).toEqual(row.karte_versions.map((v) => v.tag));
        for (const version of data?.karte_versions ?? []) expect(version).not.toHaveProperty('karte');
      }
    }
    expect(graded.filter(Boolean).length).toBeGreaterThan(1);
  });

  it('include=profile,geometry adds the profile and the GeoJSON geometry', async () => {
    const light = release.areas.rows.find((a) => a.coverage_grade === 'A') as (typeof release.areas.rows)[0];
    const row = (await getArea(release.store, release.record.release_id, light.town_key)) as AreaRow;
    const { data } = await getAreaCall({
      client,
      path: { town_key: light.town_key },
      query: { include: 'profile,geometry' },
    });
    expect(data?.profile).toEqual(row.profile);
    expect(data?.geometry).toEqual(row.geometry);
    const only = await getAreaCall({ client, path: { town_key: light.town_key }, query: { include: 'geometry' } });
    expect(only.data).not.toHaveProperty('profile');
    expect(only.data?.geometry?.type).toBe(row.geometry.type);
  });

  it.each([
    ['/v1/areas/999999999', 404, 'not_found', 'town_key'],
    ['/v1/areas/12345678', 400, 'invalid_parameter', 'town_key'],
    ['/v1/areas/abcdefghij', 400, 'invalid_parameter', 'town_key'],
    ['/v1/areas/1234567890?include=versions', 400, 'invalid_parameter', 'include'],
    ['/v1/areas/1234567890?include=', 400, 'invalid_parameter', 'include'],
  ])('%s is %i %s naming %s', async (path, status, code, field) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.body.error).toMatchObject({ code, field });
  });
});
