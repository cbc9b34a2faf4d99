import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../core/errors.ts';
import { createSearchEngine, type SearchEngine, type SearchPage } from '../../../core/scenery-search/engine.ts';
import { RubricJudge } from '../../../core/scenery-search/judge/rubric.ts';
import type { Judge, JudgeBatchResult } from '../../../core/scenery-search/judge/types.ts';
import type { SearchBody } from '../../../core/scenery-search/request.ts';
import { NOW, residentialObservations, testCatalog } from './fixture.ts';
import { envelope, SOURCE_RELEASE, schemaErrors, testLinks } from './spec-schema.ts';

const SCENES = 150;
let engine: SearchEngine;
beforeAll(async () => {
  engine = await createSearchEngine(residentialObservations(SCENES), testCatalog(), {
    sourceRelease: SOURCE_RELEASE,
    links: testLinks,
  });
  await engine.warmUp();
}, 30_000);

async function page(body: SearchBody, now = NOW, target = engine): Promise<SearchPage> {
  const result = await target.search(body, now);
  expect(schemaErrors('SearchResponse', envelope(result))).toBeNull();
  return result;
}

async function allPages(first: SearchBody, target = engine): Promise<SearchPage[]> {
  const pages = [await page(first, NOW, target)];
  for (let i = 0; i < 40 && pages[pages.length - 1]?.pagination.has_more; i++) {
    pages.push(await page(pages[pages.length - 1]?.pagination.next_request as SearchBody, NOW, target));
  }
  return pages;
}

describe('continuation', () => {
  it.each(['jev', 'text'] as const)(
    'walks every page in mode %s without repeating an id, within the budget',
    async (mode) => {
      const pages = await allPages({ query: '住宅街', mode, limit: 7 });
      const seen = pages.flatMap((p) => p.results.map((r) => r.id));
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(SCENES);
      for (const p of pages) {
        expect(p.results.length).toBeLessThanOrEqual(7);
        expect(p.usage.candidates_considered).toBeLessThanOrEqual(60);
        expect(p.usage.judge_calls).toBeLessThanOrEqual(14);
      }
      const last = pages[pages.length - 1] as SearchPage;
      expect(last.pagination).toMatchObject({
        has_more: false,
        next_cursor: null,
        next_request: null,
        cursor_expires_at: null,
      });
      expect(last.search_complete).toBe(true);
      expect(last.pagination.stop_reason).toBe('candidate_sources_exhausted');
      for (const p of pages.slice(0, -1)) {
        expect(p.search_complete).toBe(false);
        expect(['page_limit', 'request_budget']).toContain(p.pagination.stop_reason);
      }
    },
  );

  it('writes next_request as the same request with every key and the cursor', async () => {
    const first = await page({ query: '住宅街', limit: 5 });
    const cursor = first.pagination.next_cursor as string;
    expect(cursor).toMatch(/^[0-9a-f]{64}$/);
    expect(first.pagination.next_request).toEqual({
      query: '住宅街',
      preset: null,
      ward: '',
      year_from: 2018,
      year_to: null,
      mode: 'jev',
      bbox: null,
      cursor,
      limit: 5,
    });
    expect(first.pagination.cursor_ttl_s).toBe(3600);
    expect(Date.parse(first.pagination.cursor_expires_at as string)).toBe(
      Math.floor(NOW.getTime() / 1000) * 1000 + 3600_000,
    );
    expect(first.pagination.stop_reason).toBe('page_limit');
  });

  it('omits query from next_request of a preset search', async () => {
    const first = await page({ preset: 'green_walk', limit: 1 });
    if (first.pagination.next_request) expect(first.pagination.next_request).not.toHaveProperty('query');
  });

  it('keeps the filters of the first page, even when next_request now sends the years explicitly', async () => {
    const first = await page({ query: '2019年の住宅街', limit: 3 });
    expect(first.applied_filters).toMatchObject({ year_from: 2019, year_to: 2019, years_source: 'query' });
    const second = await page(first.pagination.next_request as SearchBody);
    expect(second.applied_filters).toEqual(first.applied_filters);
    for (const r of [...first.results, ...second.results]) expect(r.capture_year).toBe(2019);
  });

  it('answers a changed condition with cursor_mismatch naming the field, in request order', async () => {
    const first = await page({ query: '住宅街', limit: 5 });
    const next = first.pagination.next_request as SearchBody;
    await expect(engine.search({ ...next, limit: 6 }, NOW)).rejects.toMatchObject({
      code: 'cursor_mismatch',
      field: 'limit',
    });
    await expect(engine.search({ ...next, query: '坂道', mode: 'text' }, NOW)).rejects.toMatchObject({
      field: 'query',
    });
    await expect(engine.search({ ...next, bbox: [134, 34, 136, 35] }, NOW)).rejects.toMatchObject({ field: 'bbox' });
    // Omitted keys equal their defaults.
    const { preset, ward, year_to, mode, bbox, ...minimal } = next;
    await expect(engine.search(minimal, NOW)).resolves.toBeDefined();
  });

  it('answers an unknown or expired cursor with cursor_expired (410)', async () => {
    const first = await page({ query: '住宅街', limit: 5 });
    const next = first.pagination.next_request as SearchBody;
    const late = new Date(NOW.getTime() + 3601_000);
    const error = await engine.search(next, late).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'cursor_expired', status: 410 });
    await expect(engine.search({ ...next, cursor: 'f'.repeat(64) }, NOW)).rejects.toMatchObject({
      code: 'cursor_expired',
    });
  });

  it('keeps the 60-candidate budget whatever the limit', async () => {
    const one = await page({ query: '住宅街', limit: 1 });
    expect(one.results).toHaveLength(1);
    expect(one.usage.candidates_considered).toBe(60);
    expect(one.usage.judge_calls).toBe(12);
  });
});

describe('time limit', () => {
  /** A rubric judge that takes 30 ms per call. */
  class SlowJudge implements Judge {
    readonly kind = 'builtin_rubric' as const;
    private readonly inner = new RubricJudge(testCatalog().categories);
    async judgeBatch(...args: Parameters<Judge['judgeBatch']>): Promise<JudgeBatchResult> {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return this.inner.judgeBatch(...args);
    }
  }

  /** Runs `work` on fake time (the judge's waits and the engine's clock), advanced in 10 ms steps until it settles. */
  async function onFakeTime<T>(work: () => Promise<T>): Promise<T> {
    vi.useFakeTimers();
    try {
      let settled = false;
      const result = work().finally(() => {
        settled = true;
      });
      while (!settled) await vi.advanceTimersByTimeAsync(10);
      return await result;
    } finally {
      vi.useRealTimers();
    }
  }

  it('returns what was judged when time runs out (page_ready) and judges the rest on the next page', async () => {
    const slow = await createSearchEngine(engine.corpus, testCatalog(), {
      judge: new SlowJudge(),
      timeLimitMs: 70,
      sourceRelease: SOURCE_RELEASE,
      links: testLinks,
    });
    const pages = await onFakeTime(() => allPages({ query: '住宅街', limit: 24 }, slow));
    expect(pages[0]?.pagination.stop_reason).toBe('page_ready');
    expect(pages[0]?.warning).toMatch(/time limit/);
    const seen = pages.flatMap((p) => p.results.map((r) => r.id));
    expect(new Set(seen).size).toBe(SCENES);
    expect(seen).toHaveLength(SCENES);
  });
});
