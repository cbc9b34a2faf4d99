import { beforeAll, describe, expect, it } from 'vitest';
import { createSearchEngine, type SearchEngine, type SearchPage } from '../../../core/scenery-search/engine.ts';
import type { SearchBody } from '../../../core/scenery-search/request.ts';
import { fixtureObservations, NOW, POLES_RESIDENTIAL, testCatalog } from './fixture.ts';
import { envelope, SOURCE_RELEASE, schemaErrors, testLinks } from './spec-schema.ts';

// What a page says about the query it did not understand (spec: search_scenes, rule 7, and `warning`).

let engine: SearchEngine;
beforeAll(async () => {
  engine = await createSearchEngine(fixtureObservations(), testCatalog(), {
    sourceRelease: SOURCE_RELEASE,
    links: testLinks,
  });
  await engine.warmUp();
}, 30_000);

async function search(body: SearchBody): Promise<SearchPage> {
  const page = await engine.search({ year_from: 0, ...body }, NOW);
  expect(schemaErrors('SearchResponse', envelope(page))).toBeNull();
  return page;
}

describe('search engine: honesty about the query', () => {
  it.each(['qzxvbnm', 'ああああ', '中央区'])('lists nothing for a query with no scenery in it (%s)', async (query) => {
    const page = await search({ query });
    expect(page.results).toEqual([]);
    expect(page.has_more).toBe(false);
    expect(page.pagination.stop_reason).toBe('candidate_sources_exhausted');
    expect(page.warning).toMatch(/names no scenery the search knows, so no scene is listed/);
    for (const preset of testCatalog().presets) expect(page.warning).toContain(preset.id);
  });

  it.each([
    ['qzxvbnm', 'not understood: "qzxvbnm" (not a scenery word'],
    // Read as a prefix and a suffix, no content word: the query itself is named.
    ['超的', 'not understood: "超的"'],
    ['中央区', 'only a ward or capture years were understood'],
  ])('says what it did not understand in %s', async (query, named) => {
    expect((await search({ query })).warning).toContain(named);
  });

  it('still searches a query whose only condition is a negation', async () => {
    const page = await search({ query: '電柱がない' });
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results.map((r) => r.id)).not.toContain(POLES_RESIDENTIAL);
    expect(page.warning).toBeNull();
  });

  it('names a place that is not a listed ward and a year that cannot be searched', async () => {
    const page = await search({ query: '渋谷区の1850年の坂道' });
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.warning).toContain('"渋谷区" (not a ward listed by /explore/api/meta)');
    expect(page.warning).toContain('"1850年" (outside the capture years that can be searched)');
  });

  it('says when a negation was tied to no condition, and not when it was', async () => {
    const untied = await search({ query: '電柱が立っていない坂道' });
    expect(untied.interpretation.conditions.some((c) => c.negated)).toBe(false);
    expect(untied.warning).toContain('the negation "ない" was tied to no condition');
    const tied = await search({ query: '電柱のない坂道' });
    expect(tied.interpretation.conditions.some((c) => c.negated)).toBe(true);
    expect(tied.warning).toBeNull();
  });

  it('warns about nothing the query did not say: a preset, a query fully understood', async () => {
    expect((await search({ preset: 'shrine' })).warning).toBeNull();
    expect((await search({ query: '石畳の坂道' })).warning).toBeNull();
  });

  it('says a related page is related, not matching', async () => {
    const page = await search({ query: '鳥居のある商店街' });
    expect(page.mode).toBe('related');
    expect(page.warning).toMatch(/related, not matching/);
  });
});
