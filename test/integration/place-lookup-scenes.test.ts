import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMeters } from '../../core/geo/haversine.ts';
import { createClient } from '../../generated/place-lookup/client/index.ts';
import { getCoverage, getScene, listScenesNearby } from '../../generated/place-lookup/sdk.gen.ts';
import { startTestServer, type TestServer, testRelease } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';
import { loadReference, type Quality, type Reference, type SceneRef } from './place-lookup-scenes-reference.ts';

// /v1/scenes/nearby (and /v1/nearby), /v1/coverage and /v1/scenes/{id} (and /v1/node/{id}) on the demo release,
// against an independent reference read from the store with plain SQL. Every response is checked against the spec.

let server: TestServer;
let ref: Reference;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '1000' } });
  const { store, release } = await testRelease();
  ref = await loadReference(store, release.record.release_id);
});
afterAll(() => server.close());

async function get(path: string): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await checkedFetch(`${server.url}${path}`);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const qs = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');

// Query centres: on real scenes (dense and sparse parts of the city) and between them.
const centreRows = [0, 137, 512, 901, 1333, 1777];
const centres = () =>
  centreRows.map((i) => {
    const scene = ref.scenes[i % ref.scenes.length] as SceneRef;
    return { lat: scene.lat.toFixed(6), lon: scene.lon.toFixed(6) };
  });

const nowhere = { lat: '0', lon: '0' };

describe('GET /v1/scenes/nearby', () => {
  const cases: {
    quality?: Quality;
    generation?: string;
    year_from?: number;
    year_to?: number;
    radius_m: number;
    limit: number;
  }[] = [
    { radius_m: 150, limit: 10 },
    { radius_m: 1000, limit: 50 },
    { radius_m: 400, limit: 50, quality: 'include_experimental' },
    { radius_m: 1000, limit: 50, quality: 'experimental_only' },
    { radius_m: 1000, limit: 50, generation: 'gen1-hostedvl' },
    { radius_m: 1000, limit: 50, quality: 'experimental_only', generation: 'gen2-localvl' },
    { radius_m: 1000, limit: 50, year_from: 2016 },
    { radius_m: 1000, limit: 50, year_to: 2005, quality: 'include_experimental' },
    { radius_m: 1000, limit: 20, year_from: 2010, year_to: 2020 },
  ];

  it.each(cases)('matches a brute-force scan for %j at every centre', async (params) => {
    for (const centre of centres()) {
      const { status, body } = await get(`/v1/scenes/nearby?${qs({ ...centre, ...params })}`);
      expect(status).toBe(200);
      const expected = ref.nearby({ lat: Number(centre.lat), lon: Number(centre.lon), ...params });
      expect(body.results.map((item: any) => [item.id, item.generation.id])).toEqual(
        expected.map((hit) => [hit.id, hit.generation]),
      );
      expect(body.count).toBe(expected.length);
      expect(body.candidate_truncated).toBe(false); // 2 000 scenes never reach 8 000 (see the unit tests)
      expect(body.quality_policy).toEqual({
        requested: params.quality ?? 'released',
        generation: params.generation ?? null,
        experimental_included: params.generation
          ? ref.generationHasExperimental(params.generation)
          : (params.quality ?? 'released') !== 'released',
      });
      expect(body.query).toEqual({
        lat: Number(centre.lat),
        lon: Number(centre.lon),
        radius_m: params.radius_m,
        limit: params.limit,
        year_from: params.year_from ?? null,
        year_to: params.year_to ?? null,
      });
    }
  });

  it('orders by unrounded distance, then capture_year descending, then id ascending; distance_m is rounded', async () => {
    const [centre] = centres();
    const { body } = await get(`/v1/scenes/nearby?${qs({ ...centre, radius_m: 1000, limit: 50 })}`);
    expect(body.count).toBeGreaterThan(10);
    const exact = body.results.map((item: any) =>
      haversineMeters(Number(centre?.lat), Number(centre?.lon), item.lat, item.lon),
    );
    for (let i = 0; i < exact.length; i++) {
      expect(body.results[i].distance_m).toBe(Math.round(exact[i]));
      if (i > 0) expect(exact[i]).toBeGreaterThanOrEqual(exact[i - 1]);
    }
  });

  it('serves every documented field of a scene item from the release', async () => {
    const client = createClient({ baseUrl: server.url, fetch: checkedFetch });
    const [centre] = centres();
    const result = await listScenesNearby({
      client,
      query: {
        lat: centre?.lat as string,
        lon: centre?.lon as string,
        radius_m: 1000,
        limit: 50,
        quality: 'include_experimental',
      },
    });
    const items = result.data?.results ?? [];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const scene = ref.sceneById.get(item.id);
      const verbalization = ref.verbalization(item.id, item.generation.id);
      expect(typeof item.id).toBe('string');
      expect(item).toEqual({
        id: scene?.id,
        distance_m: item.distance_m,
        lat: scene?.lat,
        lon: scene?.lon,
        position_source: scene?.position_source,
        capture_year: scene?.capture_year,
        year: scene?.capture_year,
        ward: scene?.ward,
        view_class: scene?.view_class,
        travel_bearing: scene?.travel_bearing,
        is_pano: scene?.is_pano,
        generation: {
          id: verbalization?.generation_id,
          status: verbalization?.status,
          version: ref.versionOf(item.generation.id),
        },
        model: verbalization?.model,
        prompt_version: verbalization?.prompt_version,
        summary: verbalization?.summary,
        analysis_status: verbalization?.analysis_status,
        image_page: ref.imagePageTemplate.replace('{id}', item.id),
      });
    }
  });

  it('never returns a quarantined scene, even searched at its own position', async () => {
    expect(ref.quarantined.length).toBeGreaterThan(0);
    for (const scene of ref.quarantined) {
      const { body } = await get(
        `/v1/scenes/nearby?${qs({ lat: scene.lat, lon: scene.lon, radius_m: 1000, limit: 50, quality: 'include_experimental' })}`,
      );
      const ids = body.results.map((item: any) => item.id);
      for (const hidden of ref.quarantined) expect(ids).not.toContain(hidden.id);
      // It has a verbalization and sits at distance 0: only quarantine keeps it out.
      expect(ref.verbalizationsOf(scene.id).length).toBeGreaterThan(0);
    }
  });

  it('answers zero results with 200 and an honest note', async () => {
    const { status, body } = await get(`/v1/scenes/nearby?${qs(nowhere)}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 0, results: [], candidate_truncated: false });
    expect(body.note).toContain('記録はありません');
    expect(body.note).toContain('意味しません');
  });

  it('says so when scenes exist but the filters leave none', async () => {
    const [centre] = centres();
    const { body } = await get(`/v1/scenes/nearby?${qs({ ...centre, year_from: 2100 })}`);
    expect(body.count).toBe(0);
    expect(body.note).toContain('半径内に写真はありますが');
  });

  it('notes sparse coverage when one to four scenes are found, and not from five', async () => {
    const sparseText = 'この範囲の撮影記録は少なく';
    const at = (scene: SceneRef) => ({ lat: Number(scene.lat.toFixed(6)), lon: Number(scene.lon.toFixed(6)) });
    const countAt = (scene: SceneRef) => ref.nearby({ ...at(scene), radius_m: 100, limit: 10 }).length;
    const sparse = ref.scenes.find((scene) => !scene.quarantined && countAt(scene) >= 1 && countAt(scene) <= 4);
    const dense = ref.scenes.find((scene) => !scene.quarantined && countAt(scene) >= 5);
    if (!sparse || !dense) throw new Error('the demo release should have sparse and dense places at 100 m');
    const few = await get(`/v1/scenes/nearby?${qs({ ...at(sparse), radius_m: 100 })}`);
    expect(few.body.count).toBe(countAt(sparse));
    expect(few.body.note).toContain(sparseText);
    const many = await get(`/v1/scenes/nearby?${qs({ ...at(dense), radius_m: 100 })}`);
    expect(many.body.count).toBeGreaterThanOrEqual(5);
    expect(many.body.note).not.toContain(sparseText);
  });

  it('notes experimental inclusion', async () => {
    const [centre] = centres();
    const released = await get(`/v1/scenes/nearby?${qs({ ...centre, radius_m: 1000 })}`);
    const experimental = await get(
      `/v1/scenes/nearby?${qs({ ...centre, radius_m: 1000, quality: 'include_experimental' })}`,
    );
    expect(released.body.note).not.toContain('experimental');
    expect(experimental.body.note).toContain('実験的（experimental）');
  });

  it.each([
    [{ radius: 60 }, 60, ['legacy parameter radius is deprecated; use radius_m']],
    [{ radius: 60, radius_m: 90 }, 90, ['legacy parameter radius was ignored because radius_m was also given']],
    [
      { era: 'showa', min_score: '0.5' },
      150,
      [
        'legacy parameter era was accepted but has no effect',
        'legacy parameter min_score was accepted but has no effect',
      ],
    ],
  ])('legacy %j → radius_m %d with warnings', async (legacy, radius, warnings) => {
    const [centre] = centres();
    const { status, body } = await get(`/v1/scenes/nearby?${qs({ ...centre, ...legacy })}`);
    expect(status).toBe(200);
    expect(body.query.radius_m).toBe(radius);
    expect(body.warnings).toEqual(warnings);
    const expected = ref.nearby({ lat: Number(centre?.lat), lon: Number(centre?.lon), radius_m: radius, limit: 10 });
    expect(body.results.map((item: any) => item.id)).toEqual(expected.map((hit) => hit.id));
  });

  it('an unknown parameter is ignored with a warning naming it, the answer otherwise unchanged', async () => {
    const [centre] = centres();
    const { status, body } = await get(`/v1/scenes/nearby?${qs({ ...centre, colour: 'red' })}`);
    expect(status).toBe(200);
    expect(body.warnings).toEqual(['unknown parameter colour was ignored']);
    const plain = await get(`/v1/scenes/nearby?${qs({ ...centre })}`);
    expect(plain.body.warnings).toEqual([]);
    expect({ ...body, request_id: null, warnings: [] }).toEqual({ ...plain.body, request_id: null });
  });

  it('legacy gen selects the generation, generation wins over it', async () => {
    const [centre] = centres();
    const viaGen = await get(`/v1/scenes/nearby?${qs({ ...centre, radius_m: 1000, gen: 'gen1-hostedvl' })}`);
    expect(viaGen.body.quality_policy.generation).toBe('gen1-hostedvl');
    expect(viaGen.body.warnings).toEqual(['legacy parameter gen is deprecated; use generation']);
    expect(viaGen.body.results.every((item: any) => item.generation.id === 'gen1-hostedvl')).toBe(true);
    const both = await get(`/v1/scenes/nearby?${qs({ ...centre, gen: 'gen1-hostedvl', generation: 'gen2-localvl' })}`);
    expect(both.body.quality_policy.generation).toBe('gen2-localvl');
    expect(both.body.warnings).toEqual(['legacy parameter gen was ignored because generation was also given']);
  });

  it('/v1/nearby is the same operation', async () => {
    const [centre] = centres();
    const query = qs({ ...centre, radius_m: 500, limit: 20, quality: 'include_experimental' });
    const target = await get(`/v1/scenes/nearby?${query}`);
    const alias = await get(`/v1/nearby?${query}`);
    expect(alias.status).toBe(200);
    expect({ ...alias.body, request_id: null }).toEqual({ ...target.body, request_id: null });
    expect(alias.headers.get('cache-control')).toBe('public, max-age=60');
  });
});

describe('parameter errors shared by nearby, coverage and detail', () => {
  const paths = () => {
    const [centre] = centres();
    return [
      `/v1/scenes/nearby?${qs({ ...centre })}`,
      `/v1/nearby?${qs({ ...centre })}`,
      `/v1/coverage?${qs({ ...centre })}`,
    ];
  };

  it.each([
    ['year_from=2020&year_to=2019', 'year_to'],
    ['generation=gen9-nothing', 'generation'],
    ['gen=gen9-nothing', 'gen'],
    ['quality=all', 'quality'],
    ['year_from=1969', 'year_from'],
    ['year_to=2101', 'year_to'],
  ])('%s is 400 naming %s', async (extra, field) => {
    for (const path of paths()) {
      const { status, body } = await get(`${path}&${extra}`);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'invalid_parameter', field });
    }
  });

  it('year_to equal to year_from is accepted', async () => {
    for (const path of paths()) expect((await get(`${path}&year_from=2016&year_to=2016`)).status).toBe(200);
  });
});

describe('GET /v1/coverage', () => {
  const cases: { quality?: Quality; generation?: string; year_from?: number; year_to?: number; radius_m?: number }[] = [
    {},
    { radius_m: 1000 },
    { radius_m: 1000, quality: 'include_experimental' },
    { radius_m: 1000, quality: 'experimental_only' },
    { radius_m: 700, generation: 'gen1-hostedvl' },
    { radius_m: 1000, year_from: 2016 },
    { radius_m: 1000, year_from: 2000, year_to: 2018, quality: 'include_experimental' },
  ];

  it.each(cases)('matches a brute-force count for %j at every centre', async (params) => {
    for (const centre of centres()) {
      const { status, body } = await get(`/v1/coverage?${qs({ ...centre, ...params })}`);
      expect(status).toBe(200);
      const expected = ref.coverage({ lat: Number(centre.lat), lon: Number(centre.lon), radius_m: 300, ...params });
      expect({
        scenes_total: body.scenes_total,
        scenes_by_year: body.scenes_by_year,
        scenes_by_generation: body.scenes_by_generation,
        released_count: body.released_count,
        experimental_count: body.experimental_count,
        latest_year: body.latest_year,
        n_changes: body.n_changes,
        candidate_truncated: body.candidate_truncated,
      }).toEqual(expected);
      expect(body.query).toEqual({
        lat: Number(centre.lat),
        lon: Number(centre.lon),
        radius_m: params.radius_m ?? 300,
        year_from: params.year_from ?? null,
        year_to: params.year_to ?? null,
      });
    }
  });

  it('legacy gen is an alias of generation: the same answer, with one warning that says so', async () => {
    const [centre] = centres();
    const viaGeneration = await get(`/v1/coverage?${qs({ ...centre, radius_m: 1000, generation: 'gen1-hostedvl' })}`);
    const viaGen = await get(`/v1/coverage?${qs({ ...centre, radius_m: 1000, gen: 'gen1-hostedvl' })}`);
    expect(viaGen.status).toBe(200);
    expect(viaGen.body.warnings).toEqual(['legacy parameter gen is deprecated; use generation']);
    expect({ ...viaGen.body, request_id: null, warnings: [] }).toEqual({ ...viaGeneration.body, request_id: null });
  });

  it('released_count and experimental_count do not depend on quality; the totals do', async () => {
    const client = createClient({ baseUrl: server.url, fetch: checkedFetch });
    const [centre] = centres();
    const bodies = await Promise.all(
      (['released', 'include_experimental', 'experimental_only'] as const).map(async (quality) => {
        const result = await getCoverage({
          client,
          query: { lat: centre?.lat as string, lon: centre?.lon as string, radius_m: 1000, quality },
        });
        return result.data as any;
      }),
    );
    const [released, both, experimental] = bodies;
    for (const body of bodies) {
      expect(body.released_count).toBe(released.released_count);
      expect(body.experimental_count).toBe(released.experimental_count);
    }
    expect(released.experimental_count).toBeGreaterThan(0);
    expect(new Set([released.scenes_total, both.scenes_total, experimental.scenes_total]).size).toBe(3);
  });

  it('n_changes counts supported changes of all years, whatever the year filter', async () => {
    const change = ref.changes.find((row) => row.status === 'supported') as Reference['changes'][number];
    const centre = { lat: change.lat, lon: change.lon, radius_m: 1000 };
    const all = await get(`/v1/coverage?${qs(centre)}`);
    const filtered = await get(`/v1/coverage?${qs({ ...centre, year_from: 2099 })}`);
    expect(all.body.n_changes).toBeGreaterThan(0);
    expect(all.body.n_changes).toBe(ref.supportedChangesWithin(change.lat, change.lon, 1000));
    expect(filtered.body.n_changes).toBe(all.body.n_changes);
    expect(filtered.body.scenes_total).toBe(0);
  });

  it('excludes quarantined scenes from every count', async () => {
    for (const scene of ref.quarantined) {
      const generation = ref.verbalizationsOf(scene.id)[0]?.generation_id;
      const query = { lat: scene.lat, lon: scene.lon, radius_m: 1000, generation };
      const { body } = await get(`/v1/coverage?${qs(query)}`);
      const expected = ref.coverage({ ...query });
      expect(body.scenes_total).toBe(expected.scenes_total);
      // The reference with quarantined scenes counted would differ: the test can fail.
      expect(ref.coverage({ ...query, withQuarantined: true }).scenes_total).toBeGreaterThan(expected.scenes_total);
    }
  });

  it('answers zero with 200, an honest note and the counting notes', async () => {
    const { status, body } = await get(`/v1/coverage?${qs(nowhere)}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      scenes_total: 0,
      scenes_by_year: {},
      scenes_by_generation: {},
      released_count: 0,
      experimental_count: 0,
      latest_year: null,
      n_changes: 0,
      candidate_truncated: false,
    });
    expect(body.note).toContain('記録はありません');
    expect(Object.keys(body.counting_notes).sort()).toEqual([
      'experimental_count',
      'n_changes',
      'quarantine',
      'released_count',
    ]);
  });
});

describe('GET /v1/scenes/{id}', () => {
  const scene = (path: string) => get(path);

  it('defaults to include=analysis: the analysis inside the verbalization, no metadata or machine', async () => {
    const id = ref.find((s) => ref.expectedGeneration(s.id, 'released') !== null && !s.quarantined);
    const { status, body, headers } = await scene(`/v1/scenes/${id}`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=86400');
    expect(body.include).toEqual(['analysis']);
    expect(body.verbalization.analysis).toEqual(
      JSON.parse(ref.verbalization(id, body.verbalization.generation.id)?.analysis_json ?? ''),
    );
    expect(body).not.toHaveProperty('metadata');
    expect(body).not.toHaveProperty('machine');
    expect(typeof body.machine_note).toBe('string');
    expect(body.image_page).toBe(ref.imagePageTemplate.replace('{id}', id));
  });

  it.each([
    ['metadata', ['metadata'], true, false, false],
    ['machine', ['machine'], false, true, false],
    ['analysis,metadata', ['analysis', 'metadata'], true, false, true],
    ['metadata,machine,analysis', ['metadata', 'machine', 'analysis'], true, true, true],
  ])('include=%s returns only the parts asked for', async (include, parts, metadata, machine, analysis) => {
    const id = ref.find((s) => ref.expectedGeneration(s.id, 'released') !== null && ref.machineIds.has(s.id));
    const { body } = await scene(`/v1/scenes/${id}?include=${include}`);
    expect(body.include).toEqual(parts);
    expect('metadata' in body).toBe(metadata);
    expect('machine' in body).toBe(machine);
    expect('analysis' in body.verbalization).toBe(analysis);
    if (machine) expect(body.machine.node_id).toBe(id);
  });

  it.each(['', 'foo', 'metadata,', 'analysis,,machine', 'metadata,photo'])(
    'include=%j is 400 naming include',
    async (include) => {
      const id = ref.scenes[0]?.id;
      const { status, body } = await scene(`/v1/scenes/${id}?include=${encodeURIComponent(include)}`);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'invalid_parameter', field: 'include' });
    },
  );

  it('an invalid stored analysis is a 200 with analysis null and analysis_status invalid', async () => {
    const id = ref.find(
      (s) => ref.verbalization(s.id, ref.expectedGeneration(s.id, 'released') ?? '')?.analysis_status === 'invalid',
    );
    const { status, body } = await scene(`/v1/scenes/${id}?include=analysis`);
    expect(status).toBe(200);
    expect(body.verbalization).toMatchObject({ analysis_status: 'invalid', analysis: null });
    expect(body.note).toContain('analysis_status: invalid');
  });

  it('returns a quarantined scene by id with capture_time_quality and a note', async () => {
    const hidden = ref.quarantined[0] as SceneRef;
    const { status, body } = await scene(`/v1/scenes/${hidden.id}?include=metadata`);
    expect(status).toBe(200);
    expect(body.scene).toMatchObject({
      id: hidden.id,
      quarantined: true,
      capture_time_quality: hidden.capture_time_quality,
    });
    expect(hidden.capture_time_quality).toBe('epoch_anomaly');
    expect(body.note).toContain('隔離');
  });

  it('does not fall back: no verbalization under the policy is 200 with null, a note and available_generations', async () => {
    const id = ref.find(
      (s) =>
        ref.expectedGeneration(s.id, 'released') === null && ref.expectedGeneration(s.id, 'experimental_only') !== null,
    );
    const { status, body } = await scene(`/v1/scenes/${id}`);
    expect(status).toBe(200);
    expect(body.verbalization).toBeNull();
    expect(body.note).toContain('自動的な代替はしません');
    expect(body.available_generations).toEqual(ref.availableGenerations(id));
    expect(body.available_generations.some((g: any) => g.status === 'experimental')).toBe(true);
    const experimental = await scene(`/v1/scenes/${id}?quality=include_experimental`);
    expect(experimental.body.verbalization.generation).toMatchObject({
      id: ref.expectedGeneration(id, 'include_experimental'),
      status: 'experimental',
    });
  });

  it('an explicit generation the scene has no verbalization in is 200 with null, a note naming it and available_generations', async () => {
    const lacking = (s: SceneRef) =>
      ref.verbalizationsOf(s.id).length > 0 &&
      !ref.verbalizationsOf(s.id).some((v) => v.generation_id === 'gen1-hostedvl');
    const id = ref.find(lacking);
    for (const path of [`/v1/scenes/${id}?generation=gen1-hostedvl`, `/v1/node/${id}?gen=gen1-hostedvl`]) {
      const { status, body } = await scene(path);
      expect(status).toBe(200);
      expect(body.verbalization).toBeNull();
      expect(body.quality_policy.generation).toBe('gen1-hostedvl');
      expect(body.note).toContain('（gen1-hostedvl）');
      expect(body.note).toContain('自動的な代替はしません');
      expect(body.available_generations).toEqual(ref.availableGenerations(id));
      expect(body.available_generations.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['generation=gen9-nothing', 'generation'],
    ['gen=gen9-nothing', 'gen'],
    ['quality=all', 'quality'],
    ['quality=', 'quality'],
  ])('%s is 400 naming %s on scene detail and its alias', async (extra, field) => {
    const id = ref.scenes[0]?.id;
    for (const path of [`/v1/scenes/${id}?${extra}`, `/v1/node/${id}?${extra}`]) {
      const { status, body } = await scene(path);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'invalid_parameter', field });
    }
  });

  it('a scene without any verbalization is 200 with null and no available generations', async () => {
    const id = ref.find((s) => ref.verbalizationsOf(s.id).length === 0);
    const { status, body } = await scene(`/v1/scenes/${id}?quality=include_experimental`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ verbalization: null, available_generations: [] });
  });

  it.each(['released', 'include_experimental', 'experimental_only'] as const)(
    'quality=%s picks one verbalization per scene in version order',
    async (quality) => {
      for (const s of ref.scenes.filter((row) => ref.verbalizationsOf(row.id).length > 1).slice(0, 15)) {
        const { body } = await scene(`/v1/scenes/${s.id}?quality=${quality}`);
        expect(body.verbalization?.generation.id ?? null).toBe(ref.expectedGeneration(s.id, quality));
        expect(body.quality_policy).toEqual({
          requested: quality,
          generation: null,
          experimental_included: quality !== 'released',
        });
      }
    },
  );

  it('generation (and legacy gen) overrides quality', async () => {
    const id = ref.find((s) => ref.verbalizationsOf(s.id).length > 1);
    const client = createClient({ baseUrl: server.url, fetch: checkedFetch });
    const result = await getScene({
      client,
      path: { id },
      query: { generation: 'gen1-hostedvl', quality: 'experimental_only' },
    });
    expect((result.data as any).verbalization.generation.id).toBe('gen1-hostedvl');
    const legacy = await scene(`/v1/node/${id}?gen=gen1-hostedvl`);
    expect(legacy.body.verbalization.generation.id).toBe('gen1-hostedvl');
    expect(legacy.body.warnings).toEqual(['legacy parameter gen is deprecated; use generation']);
  });

  it('keeps machine features apart, with machine null and a note when no row exists', async () => {
    const id = ref.find((s) => !ref.machineIds.has(s.id));
    const { body } = await scene(`/v1/scenes/${id}?include=machine`);
    expect(body.machine).toBeNull();
    expect(body.machine_note).toContain('machine は null');
    const other = ref.find((s) => ref.machineIds.has(s.id) && ref.expectedGeneration(s.id, 'released') !== null);
    const withRow = await scene(`/v1/scenes/${other}?include=machine`);
    expect(withRow.body.machine.node_id).toBe(other);
    expect(withRow.body.verbalization).not.toHaveProperty('machine');
    expect(withRow.body.machine_note).toContain('別の名前空間');
  });

  it.each([
    ['raw position missing', (s: SceneRef) => s.raw_lat === null],
    ['computed position missing', (s: SceneRef) => s.computed_lat === null],
  ])('metadata.position_offset_m is null when the %s', async (_label, predicate) => {
    const id = ref.find(predicate);
    const { body } = await scene(`/v1/scenes/${id}?include=metadata`);
    expect(body.metadata.position_offset_m).toBeNull();
  });

  it('metadata.position_offset_m is the distance between both positions when both exist', async () => {
    const s = ref.scenes.find((row) => row.raw_lat !== null && row.computed_lat !== null) as SceneRef;
    const { body } = await scene(`/v1/scenes/${s.id}?include=metadata`);
    const metres = haversineMeters(
      s.raw_lat as number,
      s.raw_lon as number,
      s.computed_lat as number,
      s.computed_lon as number,
    );
    expect(body.metadata.position_offset_m).toBeCloseTo(metres, 0);
  });

  it.each([
    ['/v1/scenes/1', 404, 'not_found'],
    ['/v1/node/99999999999999999999', 404, 'not_found'],
    ['/v1/scenes/12a', 400, 'invalid_parameter'],
    ['/v1/scenes/12345678901234567890123456', 400, 'invalid_parameter'],
  ])('%s is %d naming id', async (path, status, code) => {
    const response = await scene(path);
    expect(response.status).toBe(status);
    expect(response.body.error).toMatchObject({ code, field: 'id' });
  });

  it('/v1/node/{id} is the same operation', async () => {
    const id = ref.scenes[3]?.id;
    const target = await scene(`/v1/scenes/${id}?include=metadata,analysis`);
    const alias = await scene(`/v1/node/${id}?include=metadata,analysis`);
    expect({ ...alias.body, request_id: null }).toEqual({ ...target.body, request_id: null });
  });
});
