import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFor } from '../../core/scenery-search/engine-holder.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// The scenery search says what it did not understand, through the HTTP face on the 2000-scene demo city: every
// response is checked against the spec.

let server: TestServer;

beforeAll(async () => {
  // The search limit is 20/min per IP; these tests send more than that.
  server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '50' } });
  await engineFor(server.release);
}, 120_000);
afterAll(() => server.close());

async function search(body: Record<string, unknown>) {
  const response = await checkedFetch(`${server.url}/explore/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as any;
}

describe.each(['jev', 'text'])('POST /explore/api/search in mode %s', (mode) => {
  it('answers a query with no scenery in it by an empty, final page whose warning names what the catalogue covers', async () => {
    const page = await search({ query: 'qzxvbnmkj', mode });
    expect(page.results).toEqual([]);
    expect(page.interpretation.conditions).toEqual([]);
    expect(page.interpretation.text_terms).toEqual([]);
    expect(page.pagination).toMatchObject({ has_more: false, next_cursor: null });
    expect(page.warning).toMatch(/names no scenery/);
    expect(page.warning).toContain('"qzxvbnmkj"');
    // What the catalogue covers: its presets and example labels, as the metadata endpoint lists them.
    const meta = (await (await checkedFetch(`${server.url}/explore/api/meta`)).json()) as any;
    for (const preset of meta.search_features.presets) expect(page.warning).toContain(preset.id);
    const labels = meta.search_features.categories.map((c: { label: string }) => c.label);
    expect(labels.filter((label: string) => page.warning.includes(label)).length).toBeGreaterThanOrEqual(3);
  });

  it('lists nothing when the main request is not scenery, though a word modifying it is', async () => {
    const page = await search({ query: '公園の駐車場の料金はいくら', mode });
    expect(page.results).toEqual([]);
    expect(page.pagination).toMatchObject({ has_more: false, next_cursor: null });
    expect(page.interpretation.request_not_scenery).toBe('料金');
    expect(page.warning).toMatch(/asks for "料金", which is not scenery/);
    for (const word of ['"公園"', '"駐車場"']) expect(page.warning).toContain(word);
    // A non-scenery word that only modifies a scenery request leaves it answered.
    const answered = await search({ query: 'カフェの多い坂道', mode });
    expect(answered.interpretation.request_not_scenery).toBeNull();
    expect(answered.results.length).toBeGreaterThan(0);
  });

  it('names a content word it dropped while searching the one it understood', async () => {
    const page = await search({ query: '麒麟のいる坂道', mode });
    expect(page.interpretation.conditions.map((c: { key: string }) => c.key)).toEqual(['slope_road']);
    expect(page.interpretation.ignored).toContainEqual({ text: '麒麟', reason: 'not_scenery' });
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.warning).toMatch(/not understood and not searched: "麒麟"/);
    // Particles are not content words: they are not named.
    expect(page.warning).not.toContain('"の"');
    // Mode jev judged every result shown. Mode text checked each result's index entries: a result they do not
    // support is estimated at most 0.02 right on the one condition, and the condition is then listed as unverified.
    for (const r of page.results) expect(r.match_score).toBeGreaterThanOrEqual(0);
    const unsupported = mode === 'text' && page.results.some((r: { match_score: number }) => r.match_score <= 0.02);
    expect(page.interpretation.unverified_conditions).toEqual(unsupported ? ['slope_road'] : []);
  });

  it('excludes a category negated by a verb phrase and reads an optional clause as a wish, on every page', async () => {
    const first = await search({ query: '電柱が立っていない住宅街、できれば坂道', mode, limit: 4 });
    const keys = first.interpretation.conditions.map((c: { key: string }) => c.key).sort();
    expect(keys).toEqual(['not:utility_poles', 'residential_street', 'slope_road']);
    expect(first.interpretation.preferred).toEqual(['slope_road']);
    expect(first.pagination.has_more).toBe(true);
    const second = await search(first.pagination.next_request);
    for (const page of [first, second]) {
      expect(page.interpretation.preferred).toEqual(['slope_road']);
      for (const r of page.results) {
        expect(r.tags).not.toContain('utility_poles');
        expect(typeof r.match_score).toBe('number');
      }
    }
    // A wish ranks: no result without a slope comes before one with a slope.
    const slopes = [...first.results, ...second.results].map((r) => r.tags.includes('slope_road'));
    expect(slopes.indexOf(false) === -1 || slopes.lastIndexOf(true) < slopes.indexOf(false)).toBe(true);
    expect(first.interpretation.conditions.find((c: { key: string }) => c.key === 'slope_road').soft).toBe(true);
  });

  it('says a related page is related, not matching', async () => {
    // A lighthouse and a covered arcade never stand in the same photograph of the demo city.
    const page = await search({ query: '灯台のあるアーケード', mode });
    expect(page.mode).toBe('related');
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.warning).toMatch(/related, not matching/);
  });

  it('says so when only the words of the query were searched', async () => {
    const page = await search({ query: '苔', mode });
    expect(page.interpretation.text_only).toBe(true);
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.warning).toMatch(/only contain the words "苔"/);
  });

  it('repeats the warnings about the query on the next page of a cursor', async () => {
    const first = await search({ query: '麒麟のいる坂道', mode, limit: 3 });
    expect(first.pagination.has_more).toBe(true);
    const second = await search(first.pagination.next_request);
    expect(second.results.length).toBeGreaterThan(0);
    const dropped = (first.warning as string).split('; ').find((w) => w.includes('麒麟'));
    expect(dropped).toBeDefined();
    expect((second.warning as string).split('; ')).toContain(dropped);
  });
});
