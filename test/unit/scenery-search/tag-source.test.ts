import { beforeAll, describe, expect, it } from 'vitest';
import { buildCorpus, tagSourceOf } from '../../../core/scenery-search/corpus.ts';
import { loadTagger, type ObservationTagger } from '../../../core/scenery-search/observation-tagger.ts';
import { hedgedAt, isHedged, sourceName, strongestSource } from '../../../core/scenery-search/tag-source.ts';
import { testCatalog } from './fixture.ts';

/** What made a tag: the strongest source per category, hedged statements apart, kept in the index beside the tag. */
let tagger: ObservationTagger;
beforeAll(async () => {
  tagger = await loadTagger(testCatalog());
}, 60_000);

const index = (id: string) => testCatalog().byId.get(id)?.index as number;
const stored = (text: string, id: string, analysis: Record<string, unknown> | null = null) => {
  const mask = tagger.tag({ summary: text, analysis }, [text.normalize('NFKC')]).sources.get(index(id));
  return mask === undefined ? null : strongestSource(mask);
};

describe('tag sources', () => {
  it('names the wording that stated a category: its label, a synonym, a description rule', () => {
    expect(sourceName(stored('道路脇に電柱が立っている。', 'utility_poles') as number)).toBe('label');
    expect(sourceName(stored('道路脇に電信柱が立っている。', 'utility_poles') as number)).toBe('synonym');
    const described = stored('線路の手前で赤いランプが点滅し、棒が下りている。', 'railroad_crossing') as number;
    expect(sourceName(described)).toBe('description');
  });

  it('keeps the surest of several statements, a plain one before a hedged one', () => {
    expect(sourceName(stored('電信柱が並び、角に電柱が一本ある。', 'utility_poles') as number)).toBe('label');
    const hedged = stored('奥に電柱らしきものが見える。', 'utility_poles') as number;
    expect(isHedged(hedged)).toBe(true);
    expect(isHedged(stored('奥に電柱らしきものが見え、手前にも電柱が立つ。', 'utility_poles') as number)).toBe(false);
  });

  it('reads a hedge only within the word’s own phrase', () => {
    expect(hedgedAt('神社のような建物', 2)).toBe(true);
    expect(hedgedAt('石垣と思われる壁', 2)).toBe(true);
    expect(hedgedAt('電柱が立ち、奥に神社らしき建物', 2)).toBe(false);
  });

  it('indexes every category the tagger finds present, a wider one a kind implies included', () => {
    const text = '急な坂が続き、奥に電柱らしきものが見える。';
    const tags = tagger.tag({ summary: text, analysis: null }, [text]);
    expect([...tags.sources.keys()].sort()).toEqual([...tags.present].sort());
    expect(sourceName(stored(text, 'slope_road') as number)).toBe('derived');
  });

  it('stores the source beside each tag of the index', async () => {
    const corpus = await buildCorpus(
      [
        {
          scene_id: '1',
          lat: 35,
          lon: 139,
          ward: null,
          capture_year: null,
          generation: { id: null, version: null },
          summary: '電柱が立つ路地。',
          analysis: null,
        },
        {
          scene_id: '2',
          lat: 35,
          lon: 139,
          ward: null,
          capture_year: null,
          generation: { id: null, version: null },
          summary: '電信柱の立つ路地。',
          analysis: null,
        },
      ],
      testCatalog(),
    );
    expect(sourceName(tagSourceOf(corpus, 0, index('utility_poles')))).toBe('label');
    expect(sourceName(tagSourceOf(corpus, 1, index('utility_poles')))).toBe('synonym');
    expect(tagSourceOf(corpus, 0, index('railroad_crossing'))).toBe(-1);
  });
});
