import { beforeAll, describe, expect, it } from 'vitest';
import { createSearchEngine, type SearchEngine } from '../../../core/scenery-search/engine.ts';
import { withGenitive } from '../../../core/scenery-search/excluded-mentions.ts';
import { NOW, slopeSaying, testCatalog } from './fixture.ts';

// Three slopes: one says its poles in words the tagger does not take as 電柱, one denies them, one says nothing.
const POLES_UNTAGGED = '2000000000000001';
const POLES_DENIED = '2000000000000002';
const SILENT = '2000000000000003';

let engine: SearchEngine;
beforeAll(async () => {
  const observations = [
    slopeSaying(POLES_UNTAGGED, '道沿いにコンクリートの柱が立っている。'),
    slopeSaying(POLES_DENIED, 'コンクリートの柱は見られない。'),
    slopeSaying(SILENT, '路肩に沿って細い排水溝が続いている。'),
  ];
  engine = await createSearchEngine(observations, testCatalog(), { pageCache: false });
  await engine.warmUp();
}, 30_000);

describe('exclusion by what the text affirms', () => {
  it('spells a loanword-modified compound with の, and nothing else', () => {
    expect(withGenitive(['コンクリート柱', '電柱', '赤レンガ', 'ガードレール'])).toEqual(['こんくりーとの柱']);
  });

  it('the index does not tag the untagged statement (else this test measures nothing)', () => {
    const poles = engine.corpus.categoryIndex.get('utility_poles') as number;
    const tagged = [...(engine.corpus.categoryDocs[poles] ?? [])].map((doc) => engine.corpus.ids.at(doc));
    expect(tagged).not.toContain(POLES_UNTAGGED);
  });

  for (const mode of ['jev', 'text'] as const) {
    it(`drops a scene whose text affirms an excluded thing, keeps one that denies it (mode ${mode})`, async () => {
      const page = await engine.search({ query: '電柱が立っていない坂道', mode }, NOW);
      expect(page.interpretation.conditions.find((c) => c.category_id === 'utility_poles')?.negated).toBe(true);
      const ids = page.results.map((r) => r.id).sort();
      expect(ids).toEqual([POLES_DENIED, SILENT].sort());
    });
  }

  it('a soft exclusion (電柱が少ない) only ranks: the scene stays', async () => {
    const page = await engine.search({ query: '電柱が少ない坂道', mode: 'text' }, NOW);
    expect(page.results.map((r) => r.id)).toContain(POLES_UNTAGGED);
  });
});
