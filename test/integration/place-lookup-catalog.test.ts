import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ServedRelease } from '../../core/data/served-release.ts';
import { readManifest, readTableRows } from '../../core/release/read.ts';
import type { SchoolRow } from '../../core/release/types.ts';
import { loadSpec, specFiles } from '../../core/spec.ts';
import { createClient } from '../../generated/place-lookup/client/index.ts';
import {
  getIndex,
  getMeta,
  getProvenance,
  listGenerations,
  listScenesNearby,
  searchSchools,
} from '../../generated/place-lookup/sdk.gen.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// The catalog (/v1, /v1/meta, /v1/generations, /v1/provenance) and school search against the demo release. Catalog
// values are compared with the release's manifest and the spec document; school expectations are recomputed from the
// release's schools file with the contract's rule written out here. Every response is checked against the spec.

let server: TestServer;
let release: ServedRelease;
let client: ReturnType<typeof createClient>;
let schools: SchoolRow[];

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '100' } });
  release = server.release;
  client = createClient({ baseUrl: server.url, fetch: checkedFetch });
  const dir = inject('testReleaseDir');
  schools = [];
  for await (const row of readTableRows(dir, await readManifest(dir), 'schools')) schools.push(row);
});
afterAll(() => server.close());

async function call(path: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await checkedFetch(`${server.url}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

const withoutRequestId = ({ request_id: _ignored, ...rest }: Record<string, unknown>) => rest;

describe('catalog Cache-Control and envelope', () => {
  it.each(['/v1', '/v1/meta', '/v1/generations', '/v1/provenance', '/v1/prov'])(
    'GET %s: 200, public, max-age=300, the common envelope with the release snapshot',
    async (path) => {
      const { status, body, headers } = await call(path);
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('public, max-age=300');
      expect(body).toMatchObject({
        api_version: 'v1',
        data_language: 'ja',
        snapshot: release.record.release_id,
        data_as_of: release.manifest.data_as_of,
        license: release.manifest.license,
        warnings: [],
      });
      expect(body.request_id).toBe(headers.get('x-request-id'));
    },
  );
});

describe('GET /v1', () => {
  it('endpoints and aliases are those of the spec document', async () => {
    const result = await getIndex({ client });
    const body = result.data as any;
    const spec = loadSpec(specFiles.placeLookup);
    const key = (op: { method: string; path: string }) => `${op.method.toUpperCase()} ${op.path}`;
    const byId = new Map(spec.operations.map((op) => [op.operationId, op]));
    const aliases = Object.fromEntries(
      spec.operations.filter((op) => op.aliasOf).map((op) => [key(op), key(byId.get(op.aliasOf as string) as never)]),
    );
    expect(body.aliases).toEqual(aliases);
    expect(Object.keys(body.endpoints).sort()).toEqual(
      spec.operations
        .filter((op) => !op.aliasOf)
        .map(key)
        .sort(),
    );
    for (const op of spec.operations.filter((o) => !o.aliasOf)) {
      expect(body.endpoints[key(op)]).toBe(op.raw.summary);
    }
    expect(body.endpoints).toHaveProperty(['GET /v1/changes/{change_id}']);
    expect(body.aliases['POST /vending/search']).toBe('POST /amenities/search');
  });

  it('names the service and states its policies in English and Japanese', async () => {
    const { body } = await call('/v1');
    expect(body.name).toBe('machimi');
    expect(body.version).toBe(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version);
    expect(body.description).toBe((loadSpec(specFiles.placeLookup).document.info as any).summary);
    expect(body.description_ja).toMatch(/日本語/);
    expect(body.policies.length).toBeGreaterThan(3);
    expect(body.policies_ja).toHaveLength(body.policies.length);
    expect(body.policies.join(' ')).toMatch(/Zero results/);
    expect(body.policies_ja.join(' ')).toMatch(/0件/);
  });
});

describe('GET /v1/meta', () => {
  it('release from the served record; counts, metrics, coverage, years and notes exactly as the manifest fixed them', async () => {
    const result = await getMeta({ client });
    const body = result.data as any;
    const { manifest, record } = release;
    expect(body.release).toEqual({
      release_id: record.release_id,
      status: record.status,
      created_at: record.created_at,
      published_at: record.published_at,
      data_as_of: record.data_as_of,
    });
    expect(body.counts).toEqual(manifest.counts);
    expect(body.metrics).toEqual(manifest.metrics);
    expect(body.machine_feature_coverage).toEqual(manifest.machine_feature_coverage);
    expect(body.years).toEqual(manifest.years);
    expect(body.counting_notes).toEqual(manifest.counting_notes);
    expect(body.sharding).toMatchObject({ active: false });
  });

  it('counts are not recounted: they differ from what the served indexes hold where the manifest says so', async () => {
    const { body } = await call('/v1/meta');
    // processed_total includes quarantined scenes; the served index does not.
    expect(body.counts.processed_total).toBe(release.scenes.light.count);
    expect(body.counts.quarantined_total).toBe(release.scenes.light.count - release.scenes.index.size);
    // changes_total is what the manifest states (supported only), not the number of change rows served.
    const supported = release.changes.rows.filter((row) => row.status === 'supported').length;
    expect(body.counts.changes_total).toBe(release.manifest.counts.changes_total);
    expect(body.counts.changes_total).toBe(supported);
    expect(body.counts.changes_total).not.toBe(release.changes.rows.length);
    // Two reads give the same figures.
    const again = await call('/v1/meta');
    expect(withoutRequestId(again.body)).toEqual(withoutRequestId(body));
  });

  it('extent is the box [min_lat, min_lon, max_lat, max_lon] around every served scene, quarantined ones left out', async () => {
    const body = (await getMeta({ client })).data as any;
    const [south, west, north, east] = body.extent as number[];
    const { light, rowOf } = release.scenes;
    const served = [...rowOf].map((row) => ({ lat: light.lats[row] as number, lon: light.lons[row] as number }));
    expect(served.length).toBeGreaterThan(1);
    expect(served.length).toBeLessThan(light.count);
    for (const { lat, lon } of served) {
      expect(lon).toBeGreaterThanOrEqual(west as number);
      expect(lon).toBeLessThanOrEqual(east as number);
      expect(lat).toBeGreaterThanOrEqual(south as number);
      expect(lat).toBeLessThanOrEqual(north as number);
    }
    // Tight: each side touches a served scene.
    expect([west, east]).toEqual([Math.min(...served.map((p) => p.lon)), Math.max(...served.map((p) => p.lon))]);
    expect([south, north]).toEqual([Math.min(...served.map((p) => p.lat)), Math.max(...served.map((p) => p.lat))]);
  });

  it('example_point is in the extent, at a scene that nearby there with every default returns', async () => {
    const meta = (await getMeta({ client })).data as any;
    const point = meta.example_point as { lat: number; lon: number };
    const [south, west, north, east] = meta.extent as number[];
    expect(point.lon).toBeGreaterThanOrEqual(west as number);
    expect(point.lon).toBeLessThanOrEqual(east as number);
    expect(point.lat).toBeGreaterThanOrEqual(south as number);
    expect(point.lat).toBeLessThanOrEqual(north as number);
    const nearby = await listScenesNearby({ client, query: { lat: String(point.lat), lon: String(point.lon) } });
    expect(nearby.response?.status).toBe(200);
    const body = nearby.data as any;
    expect(body.count).toBeGreaterThan(0);
    // The point is the position of a scene that nearby itself returns, so it is the first result.
    expect(body.results[0]).toMatchObject({ lat: point.lat, lon: point.lon, distance_m: 0 });
  });

  it('lists the generations, the default one first', async () => {
    const { body } = await call('/v1/meta');
    expect(body.generations.map((g: any) => g.id).sort()).toEqual(release.generations.map((g) => g.id).sort());
    expect(body.generations[0].id).toBe(release.manifest.default_generation);
  });
});

describe('GET /v1/generations', () => {
  it('default_generation, governance and every generation, version descending', async () => {
    const result = await listGenerations({ client });
    const body = result.data as any;
    expect(body.default_generation).toBe(release.manifest.default_generation);
    expect(body.governance).toBe(release.manifest.generation_governance);
    const versions = body.generations.map((g: any) => g.version);
    expect(versions).toEqual([...versions].sort((a: number, b: number) => b - a));
    for (const row of release.generations) {
      expect(body.generations).toContainEqual({
        id: row.id,
        status: row.status,
        version: row.version,
        gen_id: row.gen_id,
        model_family: row.model_family,
        model: row.model,
        prompt_version: row.prompt_version,
        output_contract: row.output_contract,
        released_at: row.released_at,
        notes: row.notes,
        evidence: row.evidence,
        stats: row.stats,
      });
    }
    expect(body.generations).toHaveLength(release.generations.length);
  });
});

describe('GET /v1/provenance (and /v1/prov)', () => {
  it('release with its manifest tables {file, rows}, the provenance chain, its scope and verification method', async () => {
    const result = await getProvenance({ client });
    const body = result.data as any;
    const { manifest, record } = release;
    expect(body.release).toMatchObject({
      release_id: record.release_id,
      status: record.status,
      data_as_of: record.data_as_of,
      published_at: record.published_at,
    });
    expect(body.release.manifest).toMatchObject({
      release_id: manifest.release_id,
      format_version: manifest.format_version,
      created_at: manifest.created_at,
    });
    const tables = Object.fromEntries(
      Object.entries(manifest.files).map(([table, file]) => [
        table,
        { file, rows: manifest.row_counts[table as keyof typeof manifest.row_counts] },
      ]),
    );
    expect(body.release.manifest.tables).toEqual(tables);
    expect(Object.keys(tables)).toContain('scenes');
    expect(body.provenance).toEqual(manifest.provenance);
    expect(body.provenance_scope).toBe(manifest.provenance_scope);
    expect(body.verification_method).toBe(manifest.verification_method);
  });

  it('/v1/prov answers the same body', async () => {
    const [main, alias] = await Promise.all([call('/v1/provenance'), call('/v1/prov')]);
    expect(withoutRequestId(alias.body)).toEqual(withoutRequestId(main.body));
  });
});

// ---------- schools ----------

// The contract's rule, written out independently of the server's code.
const normalize = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[ \u3000]/g, '');
const byCodePoint = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

function expectedSchools(q: string): string[] {
  const needle = normalize(q);
  return schools
    .filter((school) => normalize(school.name).includes(needle))
    .sort((a, b) => byCodePoint(normalize(a.name), normalize(b.name)) || byCodePoint(a.school_id, b.school_id))
    .slice(0, 10)
    .map((school) => school.school_id);
}

async function schoolSearch(q: string) {
  return call(`/v1/schools/search?q=${encodeURIComponent(q)}`);
}

describe('GET /v1/schools/search', () => {
  it.each([
    ['ＭＩＮＡＴＯ', 'minato', 'full-width Latin folds to lowercase ASCII'],
    ['Minato', 'minato', 'case is ignored'],
    ['ﾐﾅﾄ', 'ミナト', 'half-width katakana become full-width'],
    ['ミナト', 'ミナト', 'full-width katakana match half-width names'],
    ['第3', '第3', 'a half-width digit matches a full-width one'],
    ['第３', '第3', 'and the other way round'],
    ['中央 小学校', '中央小学校', 'half-width spaces are removed from q and names'],
    ['中央　小学校', '中央小学校', 'full-width spaces too'],
    ['ﾊﾏﾀﾞｷﾀ', 'ハマダキタ', 'a space inside a name does not block a match'],
    ['桜ヶ丘', '桜ヶ丘', 'plain substring'],
  ])('%s → normalized_query %s (%s)', async (q, normalized, _why) => {
    const { status, body, headers } = await schoolSearch(q);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    expect(body.query).toBe(q);
    expect(body.normalized_query).toBe(normalized);
    const expected = expectedSchools(q);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.results.map((s: any) => s.school_id)).toEqual(expected);
    expect(body.count).toBe(expected.length);
    expect(body.source).toBe(release.manifest.schools_source);
  });

  it.each(['%', '_', '第_小', '%小学校', '小学_', '\\'])(
    'LIKE wildcards in %j are matched literally (no school name contains them)',
    async (q) => {
      expect(schools.some((school) => normalize(school.name).includes(normalize(q)))).toBe(false);
      const { status, body } = await schoolSearch(q);
      expect(status).toBe(200);
      expect(body).toMatchObject({ count: 0, results: [] });
      expect(body.note).toMatch(/記録がないことは、現地に存在しないことを意味しません/);
    },
  );

  it('at most 10, ordered by normalized name (code points) then school_id', async () => {
    const result = await searchSchools({ client, query: { q: '小学校' } });
    const body = result.data as any;
    expect(schools.length).toBeGreaterThan(10);
    expect(body.count).toBe(10);
    expect(body.results.map((s: any) => s.school_id)).toEqual(expectedSchools('小学校'));
    const byId = new Map(schools.map((school) => [school.school_id, school]));
    for (const result of body.results) expect(result).toEqual(byId.get(result.school_id));
  });

  it('zero matches are 200 with an empty array', async () => {
    const { status, body } = await schoolSearch('存在しない学校名');
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 0, results: [], normalized_query: '存在しない学校名' });
  });

  it.each([
    ['q=', 'q'],
    ['', 'q'],
    [`q=${'あ'.repeat(101)}`, 'q'],
    ['q=%20%20', 'q'],
    ['q=%E3%80%80', 'q'],
  ])('%j is 400 naming %s', async (query, field) => {
    const { status, body } = await call(`/v1/schools/search?${query}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', field });
  });

  it('q of 100 characters is accepted', async () => {
    const { status } = await schoolSearch('あ'.repeat(100));
    expect(status).toBe(200);
  });
});
