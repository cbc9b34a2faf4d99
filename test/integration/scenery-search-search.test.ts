import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFor } from '../../core/scenery-search/engine-holder.ts';
import { createClient } from '../../generated/scenery-search/client/index.ts';
import { getScene, searchMetadata, searchScenes } from '../../generated/scenery-search/sdk.gen.ts';
import type { SearchRequest } from '../../generated/scenery-search/types.gen.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// The scenery search face end to end on the 2000-scene demo city: every response is checked against the spec.

let server: TestServer;
let client: ReturnType<typeof createClient>;

beforeAll(async () => {
  // The search limit is 20/min per IP; these tests send more than that.
  server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '50' } });
  client = createClient({ baseUrl: server.url, fetch: checkedFetch });
  const started = performance.now();
  const engine = await engineFor(server.release);
  const ms = Math.round(performance.now() - started);
  console.info(`explore engine: ${engine.corpus.size} scenes, corpus ${engine.corpus.buildMs} ms, ready in ${ms} ms`);
}, 120_000);
afterAll(() => server.close());

async function search(body: SearchRequest) {
  const result = await searchScenes({ client, body });
  return { status: result.response?.status, data: result.data as any, error: result.error as any };
}

async function post(body: unknown) {
  const response = await checkedFetch(`${server.url}/explore/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

function valueAt(document: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | null)?.[key], document);
}

const naturalQuery = '石畳の坂道';

describe('GET /explore/api/meta', () => {
  it('lists the 168 categories, the 8 presets and the release wards', async () => {
    const { data, response } = await searchMetadata({ client });
    expect(response?.status).toBe(200);
    const meta = data as any;
    expect(meta.api_version).toBe('explore-v1');
    expect(meta.source_release).toBe(server.release.record.release_id);
    expect(meta.search_features.categories).toHaveLength(168);
    expect(meta.search_features.presets.map((p: { id: string }) => p.id).sort()).toEqual(
      ['arcade', 'brick', 'flowers', 'green_walk', 'retro', 'shrine', 'steps', 'waterside'].sort(),
    );
    expect(meta.wards.map((w: { label: string }) => w.label)).toEqual(
      server.release.manifest.wards.map((w) => w.label),
    );
    const wardTotal = meta.wards.reduce((sum: number, w: { n_scenes: number }) => sum + w.n_scenes, 0);
    expect(wardTotal).toBeLessThanOrEqual(meta.manifest.n_scenes);
    expect(meta.manifest.n_scenes).toBeGreaterThan(0);
  });
});

describe('POST /explore/api/search', () => {
  it('a natural query returns results whose quotes are exact text at their source_pointer', async () => {
    const { status, data } = await search({ query: naturalQuery });
    expect(status).toBe(200);
    expect(data.api_version).toBe('explore-v1');
    expect(data.results.length).toBeGreaterThan(0);
    let quoted = 0;
    for (const item of data.results.slice(0, 6)) {
      expect(item.source_release).toBe(data.source_release);
      expect(item.links.detail).toMatch(new RegExp(`/explore/api/scene/${item.id}$`));
      const detail = await getScene({ client, path: { scene_id: item.id } });
      expect(detail.response?.status).toBe(200);
      for (const quote of item.quotes) {
        expect(quote.source_pointer).not.toBeNull();
        const value = valueAt((detail.data as any).observation, quote.source_pointer);
        expect(typeof value).toBe('string');
        expect(value as string).toContain(quote.text);
        quoted++;
      }
    }
    expect(quoted).toBeGreaterThan(0);
  });

  it.each([1, 3, 7])('limit %i bounds the results', async (limit) => {
    const { data } = await search({ preset: 'green_walk', limit });
    expect(data.results.length).toBeLessThanOrEqual(limit);
    expect(data.results.length).toBeGreaterThan(0);
  });

  it('capture years default to 2018 and later', async () => {
    const { data } = await search({ preset: 'retro', mode: 'text' });
    expect(data.results.length).toBeGreaterThan(0);
    for (const item of data.results) expect(item.capture_year).toBeGreaterThanOrEqual(2018);
  });

  it('year_from 0 lets older and undated captures in', async () => {
    const older = (item: { capture_year: number | null }) => item.capture_year === null || item.capture_year < 2018;
    let found = false;
    let body: any = { preset: 'retro', mode: 'text', year_from: 0 };
    for (let page = 0; page < 6 && !found; page++) {
      const { status, body: data } = await post(body);
      expect(status).toBe(200);
      found = data.results.some(older);
      if (!data.pagination.next_request) break;
      body = data.pagination.next_request;
    }
    expect(found).toBe(true);
  });

  it('mode text makes no inference calls', async () => {
    const { data } = await search({ query: naturalQuery, mode: 'text' });
    expect(data.mode).toBe('text');
    expect(data.inference_calls).toBe(0);
    expect(data.usage.judge_calls).toBe(0);
  });

  it('continues by cursor without repeating an id; next_request works as it is', async () => {
    const first = await search({ preset: 'green_walk', limit: 4 });
    expect(first.data.pagination.has_more).toBe(true);
    const seen = new Set<string>(first.data.results.map((r: { id: string }) => r.id));
    let next = first.data.pagination.next_request;
    expect(next.cursor).toMatch(/^[0-9a-f]{64}$/);
    for (let page = 0; page < 3 && next; page++) {
      const { status, data } = await search(next);
      expect(status).toBe(200);
      for (const item of data.results) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
      }
      next = data.pagination.next_request;
    }
  });

  it.each([
    ['mode', { mode: 'text' }],
    ['limit', { limit: 5 }],
    ['year_from', { year_from: 0 }],
    ['query', { query: naturalQuery }],
  ])('a changed %s with the cursor is 400 cursor_mismatch naming it', async (field, change) => {
    const first = await search({ preset: 'green_walk', limit: 4 });
    const { status, error } = await search({ ...first.data.pagination.next_request, ...change });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'cursor_mismatch', field });
  });

  it('an unknown cursor is 410 cursor_expired with a recovery', async () => {
    const { status, error } = await search({ preset: 'green_walk', cursor: 'ab'.repeat(32) });
    expect(status).toBe(410);
    expect(error.code).toBe('cursor_expired');
    expect(error.recovery).toMatch(/without/);
  });

  it('a year named in the query applies only when year_from / year_to are omitted', async () => {
    const named = await search({ query: '2015年の商店街', mode: 'text' });
    expect(named.data.interpretation.years[0]).toMatchObject({ applied: true });
    const sent = await search({ query: '2015年の商店街', mode: 'text', year_from: 2020 });
    expect(sent.data.interpretation.years[0]).toMatchObject({ applied: false });
  });

  it('query and preset: the query wins and the preset is set aside', async () => {
    const { data } = await search({ query: naturalQuery, preset: 'shrine', mode: 'text' });
    expect(data.interpretation.source).toBe('query');
    expect(data.interpretation.preset_set_aside).toBe(true);
  });
});

describe('GET /explore/api/scene/{scene_id}', () => {
  it('reads a result in full', async () => {
    const { data } = await search({ preset: 'waterside', mode: 'text', limit: 1 });
    const id = data.results[0].id as string;
    const detail = await getScene({ client, path: { scene_id: id } });
    expect(detail.response?.status).toBe(200);
    const body = detail.data as any;
    expect(body).toMatchObject({ id, api_version: 'explore-v1', generation: { status: 'released' } });
    expect(typeof body.observation.summary).toBe('string');
    expect(body.license.id).toBe(server.release.manifest.license.id);
  });

  it('reads a quarantined scene with a released observation too', async () => {
    const { light } = server.release.scenes;
    const released = (row: number) => light.statusByGeneration.some((statuses) => statuses[row] === 1);
    const row = light.ids.findIndex((_id, i) => light.quarantined[i] === 1 && released(i));
    expect(row).toBeGreaterThanOrEqual(0);
    const detail = await getScene({ client, path: { scene_id: light.ids[row] as string } });
    expect(detail.response?.status).toBe(200);
  });

  it('a scene without a released observation is 404', async () => {
    const { light } = server.release.scenes;
    const row = light.ids.findIndex((_id, i) => !light.statusByGeneration.some((statuses) => statuses[i] === 1));
    if (row < 0) return; // the demo city may release every scene
    const detail = await getScene({ client, path: { scene_id: light.ids[row] as string } });
    expect(detail.response?.status).toBe(404);
  });

  it('an unknown id is 404 not_found', async () => {
    const detail = await getScene({ client, path: { scene_id: '99999999999999999' } });
    expect(detail.response?.status).toBe(404);
    expect((detail.error as any).code).toBe('not_found');
  });
});
