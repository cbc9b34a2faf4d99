import { beforeAll, describe, expect, it } from 'vitest';
import { tagsOf } from '../../../core/scenery-search/corpus.ts';
import { createSearchEngine, type SearchEngine, type SearchPage } from '../../../core/scenery-search/engine.ts';
import { RubricJudge } from '../../../core/scenery-search/judge/rubric.ts';
import type { Judge } from '../../../core/scenery-search/judge/types.ts';
import { JudgeUnavailableError } from '../../../core/scenery-search/judge/types.ts';
import { belowOne, matchProbability, passagesFactor } from '../../../core/scenery-search/match-probability.ts';
import type { SearchBody } from '../../../core/scenery-search/request.ts';
import {
  ARCADE,
  fixtureObservations,
  INVALID,
  NOW,
  OLD_RESIDENTIAL,
  POLES_RESIDENTIAL,
  QUIET_NO_POLES,
  RIVER_CHERRY,
  SHRINE,
  STONE_SLOPE,
  testCatalog,
} from './fixture.ts';
import { envelope, SOURCE_RELEASE, schemaErrors, testLinks } from './spec-schema.ts';

let engine: SearchEngine;
beforeAll(async () => {
  engine = await createSearchEngine(fixtureObservations(), testCatalog(), {
    sourceRelease: SOURCE_RELEASE,
    links: testLinks,
  });
  await engine.warmUp();
}, 30_000);

async function search(body: SearchBody, target: SearchEngine = engine): Promise<SearchPage> {
  const page = await target.search(body, NOW);
  expect(schemaErrors('SearchResponse', envelope(page))).toBeNull();
  return page;
}
const round3 = (x: number) => Math.round(x * 1000) / 1000;
const taggedScenes = (categoryId: string) => {
  const category = engine.corpus.categoryIndex.get(categoryId);
  return Array.from({ length: engine.corpus.size }, (_, doc) => tagsOf(engine.corpus, doc)).filter((tags) =>
    tags.includes(category ?? -1),
  ).length;
};
const ids = (page: SearchPage) => page.results.map((r) => r.id).sort();

/** The value a JSON pointer leads to inside an observation. */
function at(observation: unknown, pointer: string): unknown {
  return pointer
    .slice(1)
    .split('/')
    .reduce<unknown>(
      (node, token) => (node as Record<string, unknown>)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')],
      observation,
    );
}

describe('search engine: one page', () => {
  it('answers a query with judged results, quotes that point into the observation, tags and match values', async () => {
    const page = await search({ query: '石畳の坂道' });
    expect(page.mode).toBe('jev');
    expect(ids(page)).toEqual([STONE_SLOPE]);
    const [result] = page.results;
    expect(result).toMatchObject({
      id: STONE_SLOPE,
      year: 2021,
      capture_year: 2021,
      ward: '中央区',
      coordinate_role: 'image_capture_position',
    });
    expect(result?.generation).toEqual({ id: 'gen-test', status: 'released', version: 2 });
    expect(result?.tags).toEqual(expect.arrayContaining(['stone_paving', 'slope_road']));
    // Both conditions stated in their sections, read from their labels, each in a passage of its own; the paving
    // is stated in three leaves (summary, surface, an observation), the slope in two (summary, geometry).
    // Each weighs by how rare its category is among the index's scenes.
    const stated = page.interpretation.conditions.map((c) => ({
      negated: false,
      soft: false,
      rule: 'label',
      evidence: 'stated' as const,
      share: taggedScenes(c.category_id) / engine.corpus.size,
    }));
    const judged = matchProbability(stated, 'all', { found: 0, total: 0 });
    expect(result?.match_score).toBe(round3(belowOne(judged * passagesFactor([3, 2]))));
    expect(result?.match_probabilities).toEqual({ stone_paving: 0.95, slope_road: 0.95 });
    const observation = fixtureObservations().find((o) => o.scene_id === STONE_SLOPE);
    for (const quote of result?.quotes ?? []) {
      expect(String(at(observation, quote.source_pointer as string))).toContain(quote.text);
      expect(quote.source_layer).toBe('vlm_observation');
    }
    expect(result?.quotes.map((q) => q.category_id)).toEqual(expect.arrayContaining(['stone_paving', 'slope_road']));
    expect(page.usage).toMatchObject({ judge: 'builtin_rubric', budget: { candidates: 60, judge_calls: 14 } });
    expect(page.usage.judge_calls).toBeGreaterThan(0);
    expect(page.inference_calls).toBe(0);
    expect(page.interpretation.unverified_conditions).toEqual([]);
    expect(page.coverage).toEqual({ exhaustive: false, matching_total: null, unit: 'image_observation' });
  });

  it('ranks a negated condition out: no utility poles', async () => {
    const page = await search({ query: '電柱がない住宅街' });
    expect(ids(page)).toEqual([QUIET_NO_POLES]);
    expect(
      page.results[0]?.quotes.some((q) => q.category_id === 'utility_poles' && q.text.includes('見当たらない')),
    ).toBe(true);
  });

  it('in mode text makes no judge calls and scores each result by the conditions its index entries support', async () => {
    const page = await search({ query: '住宅街', mode: 'text' });
    expect(page.mode).toBe('text');
    expect(ids(page)).toEqual([POLES_RESIDENTIAL, QUIET_NO_POLES].sort());
    expect(page.usage).toMatchObject({ judge_calls: 0, judge: 'none' });
    // Both results are tagged with the one condition: checked against the index, so it is not unverified.
    expect(page.interpretation.unverified_conditions).toEqual([]);
    // The one condition, read from a listed wording, is tagged in the index of both.
    const [condition] = page.interpretation.conditions;
    const tagged = {
      negated: false,
      soft: false,
      rule: condition?.rule ?? '',
      evidence: 'index_tag' as const,
      // A condition weighs by how rare its category is among the index's scenes.
      share: taggedScenes(condition?.category_id ?? '') / engine.corpus.size,
    };
    // Each states it in two leaves (the summary's 住宅街, road_context's 住宅); the index score is rounded first.
    for (const r of page.results) {
      expect(r.match_score).toBe(
        round3(round3(matchProbability([tagged], 'all', { found: 0, total: 0 })) * passagesFactor([2])),
      );
      expect(r.match_confidence).toBeNull();
      expect(r.match_probabilities).toBeNull();
    }
  });

  it('ranks by a wish but never filters by it', async () => {
    const page = await search({ query: '住宅街、できれば電柱があると嬉しい' });
    expect(page.interpretation.preferred).toEqual(['utility_poles']);
    expect(page.results[0]?.id).toBe(POLES_RESIDENTIAL);
    expect(ids(page)).toContain(QUIET_NO_POLES);
  });

  it('in mode text shows the results the index supports for every condition, and those lacking one after them as related, unverified and scored lower', async () => {
    const page = await search({ query: '静かな住宅街', mode: 'text' });
    expect(page.mode).toBe('text');
    expect(ids(page)).toEqual([QUIET_NO_POLES]);
    expect(page.interpretation.unverified_conditions).toEqual([]);
    expect(page.has_more).toBe(true);
    const next = await search(page.pagination.next_request as SearchBody);
    expect(next.mode).toBe('related');
    const lacking = next.results.filter((r) => !r.tags.includes('quiet_street'));
    expect(lacking.length).toBeGreaterThan(0);
    expect(next.interpretation.unverified_conditions).toEqual(['quiet_street']);
    for (const r of lacking) expect(r.match_score).toBeLessThan(page.results[0]?.match_score as number);
  });

  it('defaults to 2018 and later; year_from 0 adds older and unknown years', async () => {
    expect(ids(await search({ query: '坂道' }))).toEqual([STONE_SLOPE]);
    const all = await search({ query: '坂道', year_from: 0 });
    expect(ids(all)).toEqual([STONE_SLOPE, INVALID].sort());
    expect(all.applied_filters).toMatchObject({
      year_from: 0,
      year_to: null,
      include_unknown_years: true,
      years_source: 'request',
    });
    const old = await search({ query: '住宅街', year_from: 0, year_to: 2000 });
    expect(ids(old)).toEqual([OLD_RESIDENTIAL]);
    expect(old.applied_filters.include_unknown_years).toBe(false);
  });

  it('applies years named in the query when the request sends none', async () => {
    const page = await search({ query: '1999年の住宅街' });
    expect(page.applied_filters).toMatchObject({ year_from: 1999, year_to: 1999, years_source: 'query' });
    expect(ids(page)).toEqual([OLD_RESIDENTIAL]);
  });

  it('tells defaults filled in by a validator from years really sent (sentKeys)', async () => {
    const filled = { query: '1999年の住宅街', year_from: 2018, year_to: null, mode: 'jev', limit: 24 } as const;
    const page = await engine.search(filled, NOW, ['query']);
    expect(page.applied_filters).toMatchObject({ year_from: 1999, years_source: 'query' });
    const sent = await engine.search(filled, NOW, ['query', 'year_from']);
    expect(sent.applied_filters).toMatchObject({ year_from: 2018, years_source: 'request' });
  });

  it('applies a ward named in the query, or the request’s ward first', async () => {
    const fromQuery = await search({ query: '中央区の商店街' });
    expect(fromQuery.applied_filters).toMatchObject({ ward: '中央区', ward_source: 'query', ward_listed: true });
    expect(ids(fromQuery)).toEqual([ARCADE]);
    const fromRequest = await search({ query: '中央区の商店街', ward: '港区' });
    expect(fromRequest.applied_filters).toMatchObject({ ward: '港区', ward_source: 'request' });
    expect(fromRequest.interpretation.places[0]?.applied).toBe(false);
    expect(fromRequest.results).toEqual([]);
  });

  it('filters by bbox [W,S,E,N], inclusive', async () => {
    const page = await search({ query: '住宅街', bbox: [135.07, 34.62, 135.071, 34.621] });
    expect(ids(page)).toEqual([QUIET_NO_POLES]);
  });

  it.each([
    [{ query: '坂道', ward: '渋谷区' }, /not a label listed/],
    [{ query: '坂道', year_to: 2010 }, /after year_to/],
  ] as [SearchBody, RegExp][])(
    'gives an empty, final page with a warning for filters that match nothing (%j)',
    async (body, warning) => {
      const page = await search(body);
      expect(page.results).toEqual([]);
      expect(page.warning).toMatch(warning);
      expect(page.pagination).toMatchObject({
        has_more: false,
        next_cursor: null,
        stop_reason: 'candidate_sources_exhausted',
      });
    },
  );

  it('sets a preset aside when a query is given, and says so', async () => {
    const page = await search({ query: '桜', preset: 'shrine' });
    expect(page.interpretation.preset_set_aside).toBe(true);
    expect(page.applied_filters.preset).toBeNull();
    expect(page.warning).toMatch(/set aside/);
    expect(ids(page)).toEqual([RIVER_CHERRY]);
  });

  it('searches a preset as any of its categories', async () => {
    const page = await search({ preset: 'shrine' });
    expect(page.query).toBeUndefined();
    expect(page.interpretation.source).toBe('preset');
    expect(page.applied_filters.preset).toBe('shrine');
    expect(ids(page)).toEqual([SHRINE]);
  });

  it('still searches the text index when no category matched', async () => {
    const page = await search({ query: '苔' });
    expect(page.interpretation.text_only).toBe(true);
    expect(ids(page)).toEqual([STONE_SLOPE]);
    expect(page.results[0]?.quotes[0]?.text).toContain('苔');
  });

  it('rejects bodies the spec rejects, naming the field', async () => {
    await expect(engine.search({ query: '坂', limit: 25 }, NOW)).rejects.toMatchObject({
      code: 'invalid_parameter',
      field: 'limit',
    });
    await expect(engine.search({ query: ' ' }, NOW)).rejects.toMatchObject({
      code: 'invalid_parameter',
      field: 'query',
    });
    await expect(engine.search({ mode: 'text' }, NOW)).rejects.toMatchObject({ code: 'query_or_preset_required' });
  });
});

describe('search engine: related results', () => {
  it('lists the candidates that satisfy the most conditions when none satisfies all (mode related)', async () => {
    const page = await search({ query: '鳥居のある商店街' });
    expect(page.mode).toBe('related');
    expect(ids(page)).toEqual([SHRINE, ARCADE].sort());
    for (const r of page.results) expect(r.match_score).toBeLessThan(1);
  });

  it('scores every related result below every result that matches its query, across queries', async () => {
    const related = await search({ query: '鳥居のある商店街' });
    const matching = await search({ query: '鳥居' });
    expect(related.mode).toBe('related');
    expect(matching.mode).toBe('jev');
    expect(matching.results.length).toBeGreaterThan(0);
    const lowestMatching = Math.min(...matching.results.map((r) => r.match_score));
    for (const r of related.results) expect(r.match_score).toBeLessThan(lowestMatching);
  });
});

describe('search engine: external judge accounting', () => {
  it('sums the calls and input tokens the judge reports, one call per batch of at most 5', async () => {
    const rubric = new RubricJudge(testCatalog().categories);
    const counting: Judge = {
      kind: 'openai_compatible',
      judgeBatch: async (conditions, candidates, options) => ({
        ...(await rubric.judgeBatch(conditions, candidates, options)),
        inferenceCalls: 1,
        inputTokens: 100 * candidates.length,
      }),
    };
    const external = await createSearchEngine(engine.corpus, testCatalog(), {
      judge: counting,
      sourceRelease: SOURCE_RELEASE,
      links: testLinks,
    });
    const page = await search({ query: '住宅街', year_from: 0 }, external);
    expect(page.usage.judge).toBe('openai_compatible');
    expect(page.usage.candidates_considered).toBe(3);
    expect(page.inference_calls).toBe(1);
    expect(page.inference_input_tokens).toBe(300);
    expect(page.mode).toBe('jev');
  });
});

describe('search engine: judge fallback', () => {
  const failing: Judge = {
    kind: 'openai_compatible',
    judgeBatch: async () => {
      throw new JudgeUnavailableError('the external judge failed: HTTP 503', {
        calls: 2,
        inferenceCalls: 2,
        inputTokens: 0,
      });
    },
  };

  it('falls back to text behaviour, says why and counts the calls really sent', async () => {
    const fallback = await createSearchEngine(engine.corpus, testCatalog(), {
      judge: failing,
      sourceRelease: SOURCE_RELEASE,
      links: testLinks,
    });
    const page = await search({ query: '住宅街' }, fallback);
    expect(page.mode).toBe('text');
    expect(page.pagination.stop_reason).toBe('upstream_unavailable');
    expect(page.warning).toMatch(/judge was unavailable/);
    expect(page.usage.judge).toBe('none');
    expect(page.inference_calls).toBe(2);
    expect(page.usage.judge_calls).toBe(2);
    // Ranked by the index: both results are tagged with the condition, checked there.
    expect(page.interpretation.unverified_conditions).toEqual([]);
    expect(ids(page)).toEqual([POLES_RESIDENTIAL, QUIET_NO_POLES].sort());
    for (const r of page.results) expect(r.match_confidence).toBeNull();
  });
});
