import { beforeAll, describe, expect, it } from 'vitest';
import { analysisTags } from '../../../core/scenery-search/analysis-tags.ts';
import { loadTagger, type ObservationTagger } from '../../../core/scenery-search/observation-tagger.ts';
import { testCatalog } from './fixture.ts';

/** Tagging observation text by meaning: whole words, conjugations, particles, readings, denials, analysis fields. */
let tagger: ObservationTagger;
beforeAll(async () => {
  tagger = await loadTagger(testCatalog());
}, 60_000);

const ids = (indexes: Iterable<number>) => [...indexes].map((i) => testCatalog().categories[i]?.id).sort();
const tag = (text: string, analysis: Record<string, unknown> | null = null) => {
  const found = tagger.tag({ summary: text, analysis }, [text.normalize('NFKC')]);
  return { present: ids(found.present), absent: ids(found.absent) };
};

describe('observation tagger', () => {
  it('finds a label or synonym as a whole word, never inside a longer word', () => {
    expect(tag('道路脇に電柱が立っている。').present).toContain('utility_poles');
    expect(tag('自転車置き場の屋根が見える。').present).not.toContain('parked_cars');
    expect(tag('松本さんの家の表札がある。').present).not.toContain('pine_trees');
  });

  it('reads a synonym across conjugation and particles (石段 as 石の段)', () => {
    expect(tag('古びた石の段が上へ続く。').present).toContain('stone_steps');
  });

  it('reads a kana spelling by the wording’s reading', () => {
    expect(tag('軒先にちょうちんが下がっている。').present).toContain('lanterns');
    expect(tag('軒先にチョウチンが下がっている。').present).toContain('lanterns');
  });

  it('states a word denied by its clause as absent, coordinated words included', () => {
    expect(tag('電柱や電線は見当たらない。')).toEqual({ present: [], absent: ['overhead_wires', 'utility_poles'] });
    expect(tag('この通りに歩道はない。').absent).toEqual(['sidewalk']);
    expect(tag('ガードレールなどは写っていない。').absent).toEqual(['guardrail']);
  });

  it('passes over a predicate that only modifies a noun, and keeps a word whose clause is not denied', () => {
    expect(tag('電線が垂れている柱は一本もない。').absent).toContain('overhead_wires');
    expect(tag('電柱が並び、歩道は広い。').present).toEqual(['sidewalk', 'utility_poles']);
  });

  it('adds what the structured analysis fields state, whole values only', () => {
    expect(analysisTags({ geometry: { slope: '急勾配', curvature: '屈曲が多い' } })).toEqual([
      'steep_slope',
      'winding_road',
    ]);
    expect(analysisTags({ pavement: { surface: '未舗装（土・砂利）' }, water: { visible: true } })).toEqual([
      'unpaved_road',
    ]);
    expect(analysisTags({ geometry: { slope: '急勾配ではない' } })).toEqual([]);
    // A steep slope is a slope road too (tag-implications.ts).
    expect(tag('', { geometry: { slope: '急勾配' } }).present).toEqual(['slope_road', 'steep_slope']);
  });
});
