import { beforeAll, describe, expect, it } from 'vitest';
import { createSearchEngine, type SearchEngine } from '../../../core/scenery-search/engine.ts';
import { RubricJudge } from '../../../core/scenery-search/judge/rubric.ts';
import type { Judge } from '../../../core/scenery-search/judge/types.ts';
import { JudgeUnavailableError } from '../../../core/scenery-search/judge/types.ts';
import { PageCache } from '../../../core/scenery-search/page-cache.ts';
import { NOW, residentialObservations, testCatalog } from './fixture.ts';
import { envelope, SOURCE_RELEASE, schemaErrors, testLinks } from './spec-schema.ts';

// `cached`: the same request after defaults (and the same cursor) within 60 s is answered from the page cache.

const seconds = (s: number) => new Date(NOW.getTime() + s * 1000);
let judgeCalls = 0;
const rubric = new RubricJudge(testCatalog().categories);
const countingJudge: Judge = {
  kind: 'builtin_rubric',
  judgeBatch: async (conditions, candidates, options) => {
    judgeCalls++;
    return rubric.judgeBatch(conditions, candidates, options);
  },
};
let engine: SearchEngine;
beforeAll(async () => {
  engine = await createSearchEngine(residentialObservations(120), testCatalog(), {
    judge: countingJudge,
    sourceRelease: SOURCE_RELEASE,
    links: testLinks,
  });
}, 30_000);

describe('page cache', () => {
  it('answers a repeated request without judging again, with cached true and zero usage', async () => {
    const first = await engine.search({ query: '住宅街の電柱', limit: 5 }, NOW);
    const calls = judgeCalls;
    const again = await engine.search({ query: '住宅街の電柱', limit: 5, mode: 'jev', ward: '' }, seconds(30));
    expect(judgeCalls).toBe(calls);
    expect(first.cached).toBe(false);
    expect(again.cached).toBe(true);
    expect(again.usage).toMatchObject({ candidates_considered: 0, judge_calls: 0, judge: 'none' });
    expect(again).toMatchObject({ inference_calls: 0, inference_input_tokens: 0 });
    expect(again.results).toEqual(first.results);
    expect(again.pagination).toEqual(first.pagination);
    expect(schemaErrors('SearchResponse', envelope(again))).toBeNull();
  });

  it('keeps a page 60 s, per exact request and cursor', async () => {
    const body = { query: '生活道路', limit: 4 };
    const first = await engine.search(body, NOW);
    expect((await engine.search(body, seconds(59))).cached).toBe(true);
    expect((await engine.search({ ...body, limit: 3 }, seconds(1))).cached).toBe(false);
    expect((await engine.search(body, seconds(61))).cached).toBe(false);
    const next = first.pagination.next_request as Record<string, unknown>;
    const second = await engine.search(next, seconds(1));
    expect(second.cached).toBe(false);
    const secondAgain = await engine.search(next, seconds(2));
    expect(secondAgain.cached).toBe(true);
    expect(secondAgain.results.map((r) => r.id)).toEqual(second.results.map((r) => r.id));
  });

  it('never serves a continued page after its cursor expired', async () => {
    const first = await engine.search({ query: '住宅', limit: 4 }, NOW);
    const next = first.pagination.next_request as Record<string, unknown>;
    const expiry = Date.parse(first.pagination.cursor_expires_at as string);
    await engine.search(next, new Date(expiry - 10_000));
    await expect(engine.search(next, new Date(expiry + 1000))).rejects.toMatchObject({ code: 'cursor_expired' });
  });

  it('does not keep a page the judge could not finish', async () => {
    const failing: Judge = {
      kind: 'openai_compatible',
      judgeBatch: async () => {
        throw new JudgeUnavailableError('down', { calls: 1, inferenceCalls: 1, inputTokens: 0 });
      },
    };
    const degraded = await createSearchEngine(engine.corpus, testCatalog(), { judge: failing });
    const body = { query: '住宅街', limit: 5 };
    expect((await degraded.search(body, NOW)).pagination.stop_reason).toBe('upstream_unavailable');
    const again = await degraded.search(body, seconds(1));
    expect(again.cached).toBe(false);
    expect(again.inference_calls).toBeGreaterThan(0);
  });

  it('can be turned off', async () => {
    const uncached = await createSearchEngine(engine.corpus, testCatalog(), { pageCache: false });
    await uncached.search({ query: '住宅街' }, NOW);
    expect((await uncached.search({ query: '住宅街' }, NOW)).cached).toBe(false);
  });
});

describe('page cache bounds', () => {
  const page = (n: number) => ({ n, text: '石畳の坂道'.repeat(100), nested: { list: [n, null, 'x'] } });

  it('keeps pages within its byte budget, the least recently used going first, and gives copies back', () => {
    // A page serialises to ~1 KB; the budget holds two of them, not three.
    const cache = new PageCache<ReturnType<typeof page>>({ maxBytes: 2_500 });
    cache.set('a', page(1), NOW);
    cache.set('b', page(2), NOW);
    cache.set('c', page(3), NOW);
    expect(cache.get('a', NOW)).toBeNull();
    const b = cache.get('b', NOW);
    expect(b).toEqual(page(2));
    (b as ReturnType<typeof page>).nested.list.push(4);
    expect(cache.get('b', NOW)).toEqual(page(2));
    expect(cache.get('c', seconds(60))).toBeNull();
  });
});
