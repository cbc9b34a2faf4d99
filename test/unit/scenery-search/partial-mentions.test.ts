import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchCategory } from '../../../core/scenery-search/categories.ts';
import { createSearchEngine, type SearchEngine } from '../../../core/scenery-search/engine.ts';
import { PARTIAL_EXCLUSION } from '../../../core/scenery-search/match-probability.ts';
import { headOf, mentionsPartially, partialWords } from '../../../core/scenery-search/partial-mentions.ts';
import { NOW, slopeSaying, testCatalog } from './fixture.ts';

const catalog = testCatalog();
const category = (id: string) => catalog.byId.get(id) as SearchCategory;

describe('the head noun of a wording', () => {
  it.each([
    ['電柱', '柱'],
    ['高層ビル', 'ビル'],
    ['係留された船', '船'],
    ['マンション', null],
    ['桜', null],
  ])('%s → %s', (wording, head) => {
    expect(headOf(wording)).toBe(head);
  });
});

describe('partial evidence of an excluded thing', () => {
  const poles = () => partialWords(category('utility_poles'), []);
  const boats = () => partialWords(category('moored_boats'), []);
  it.each([
    ['demotes', 'poles', '柱から柱へケーブルが幾重にも垂れ下がっている', true],
    ['demotes', 'poles', '道沿いにコンクリートの柱が等間隔に立っている', true],
    ['demotes', 'boats', '小型船が何隻も舫われている', true],
    ['does not demote', 'poles', '柱は見られない', false],
    ['does not demote', 'poles', '柱状の岩が並ぶ', false],
    ['does not demote', 'poles', '二車線の道路が続く', false],
    ['does not demote', 'boats', '船着場の跡が残る', false],
  ])('%s: %s in 「%s」', (_, which, text, expected) => {
    expect(mentionsPartially(text, which === 'poles' ? poles() : boats())).toBe(expected);
  });

  it('leaves out a word the request asks for', () => {
    const words = partialWords(category('utility_poles'), [{ ...category('slope_road'), synonyms: ['柱の道'] }]);
    expect(words.map((w) => w.written)).not.toContain('柱');
  });
});

// Slopes: one shows poles in words no tag reads, one denies them, the others say nothing of them (enough of them
// that 柱 is a rare word of the corpus, as partial evidence must be).
const PARTIAL = '2000000000000011';
const DENIED = '2000000000000012';
const SILENT = Array.from({ length: 40 }, (_, i) => String(2000000000000100 + i));

let engine: SearchEngine;
beforeAll(async () => {
  const observations = [
    slopeSaying(PARTIAL, '坂の途中に灰色の柱が立っている。'),
    slopeSaying(DENIED, '柱は見られない。'),
    ...SILENT.map((id) => slopeSaying(id, '路肩に沿って細い排水溝が続いている。')),
  ];
  engine = await createSearchEngine(observations, catalog, { pageCache: false });
  await engine.warmUp();
}, 30_000);

describe('a candidate with partial evidence', () => {
  it('is not tagged (else this test measures nothing)', () => {
    const poles = engine.corpus.categoryIndex.get('utility_poles') as number;
    const tagged = [...(engine.corpus.categoryDocs[poles] ?? [])].map((doc) => engine.corpus.ids.at(doc));
    expect(tagged).not.toContain(PARTIAL);
  });

  for (const mode of ['jev', 'text'] as const) {
    it(`is shown after those without any, not dropped (mode ${mode})`, async () => {
      const ids: string[] = [];
      const scores = new Map<string, number>();
      let cursor: string | null = null;
      do {
        const page = await engine.search(
          { query: '電柱が一本も立っていない坂道', mode, ...(cursor ? { cursor } : {}) },
          NOW,
        );
        ids.push(...page.results.map((r) => r.id));
        for (const r of page.results) scores.set(r.id, r.match_score);
        cursor = page.pagination.next_cursor;
      } while (cursor !== null);
      expect(ids.at(-1)).toBe(PARTIAL);
      expect(ids.slice(0, -1).sort()).toEqual([DENIED, ...SILENT].sort());
      // Its match_score says so too: a silent slope's, times the factor of partial evidence.
      const silent = scores.get(SILENT[0] as string) as number;
      expect(silent).toBeGreaterThan(0);
      expect(scores.get(PARTIAL)).toBe(Math.round(silent * PARTIAL_EXCLUSION * 1000) / 1000);
    });
  }
});
