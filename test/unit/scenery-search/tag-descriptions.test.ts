import { beforeAll, describe, expect, it } from 'vitest';
import { compileDescriptions, readDescriptionTable } from '../../../core/scenery-search/description-rules.ts';
import { foldKana } from '../../../core/scenery-search/normalize.ts';
import { loadTagger, type ObservationTagger } from '../../../core/scenery-search/observation-tagger.ts';
import { type DescriptionMatcher, descriptionMatcher } from '../../../core/scenery-search/tag-descriptions.ts';
import { loadTokenizer } from '../../../core/scenery-search/tokenizer.ts';
import { testCatalog } from './fixture.ts';

/** A category read from a sentence that describes it by its parts or use, without any of its words. */
const TABLE = {
  railroad_crossing: { barrier: '線路 踏切道 × 遮断 棒 警報 点滅' },
  tree_tunnel: { canopy: '枝 木々 × 覆う アーチ 頭上' },
  interlocking_pavers: { laid_blocks: 'ブロック タイル × 敷き詰める 舗装' },
  slope_road: { inclined: '道 道路 × 上る 下る 傾斜' },
};

let matcher: DescriptionMatcher;
let tagger: ObservationTagger;
beforeAll(async () => {
  const tokenize = await loadTokenizer();
  matcher = descriptionMatcher(compileDescriptions(testCatalog(), tokenize, TABLE), tokenize);
  tagger = await loadTagger(testCatalog());
}, 60_000);

// The matcher's input as the tagger gives it: the NFKC text lowercased, and that text kana-folded.
const read = (text: string, known = () => false) => {
  const original = text.normalize('NFKC').toLowerCase();
  return { original, spans: matcher(original, foldKana(original), known) };
};
const described = (text: string) => read(text).spans.map((s) => s.rule);

describe('description rules', () => {
  it.each([
    ['線路の手前で赤いランプが点滅し、棒が下りている。', 'railroad_crossing/barrier'],
    ['頭上を木々の枝が覆い、緑のアーチになっている。', 'tree_tunnel/canopy'],
    ['道路は奥へ向かって緩やかに上っている。', 'slope_road/inclined'],
    ['歩道には四角いタイルが敷き詰められている。', 'interlocking_pavers/laid_blocks'],
  ])('fires on %s (%s)', (text, rule) => {
    expect(described(text)).toEqual([rule]);
  });

  it.each([
    ['a head word and a qualifier in two sentences', '線路が見える。棒が下りている。'],
    ['a denied qualifier', '線路はあるが、遮断する棒はない。'],
    ['a denied head word', '頭上を覆う枝は見られない。'],
    ['a one-kanji word inside a longer word', '綿棒が線路に落ちている。'],
    ['a katakana word closing a kanji compound', '点字ブロックが舗装の上に続く。'],
    ['a verb stem without its okurigana', '道路の上を高架が横切る。'],
    ['another verb on the same stem', '道路沿いの店はシャッターを下ろしている。'],
  ])('refuses %s', (_, text) => {
    expect(described(text)).toEqual([]);
  });

  it('reports each match with its rule and the span over both words', () => {
    const { original, spans } = read('奥の線路で警報が鳴る。');
    const [span] = spans;
    expect(span).toMatchObject({ rule: 'railroad_crossing/barrier', denied: false });
    expect(original.slice(span?.start, span?.end)).toBe('線路で警報');
  });

  it('reads no rule of a category already found', () => {
    expect(read('線路の手前で棒が下りている。').spans).toHaveLength(1);
    expect(read('線路の手前で棒が下りている。', () => true).spans).toEqual([]);
  });

  it('refuses a rules file that names an unknown category or a rule without two sides', async () => {
    const tokenize = await loadTokenizer();
    expect(() => compileDescriptions(testCatalog(), tokenize, { no_such: { a: '木 × 枝' } })).toThrow(/no_such/);
    expect(() => compileDescriptions(testCatalog(), tokenize, { tree_tunnel: { a: '木 枝' } })).toThrow(/tree_tunnel/);
  });

  it('compiles the shipped rules file, every rule of a catalogue category', async () => {
    const rules = compileDescriptions(testCatalog(), await loadTokenizer(), readDescriptionTable());
    expect(rules.length).toBeGreaterThan(100);
    for (const rule of rules) expect(rule.sides.every((side) => side.length > 0)).toBe(true);
  });

  it('tags through the observation tagger, the rule named in the span', () => {
    const text = '線路の手前で赤いランプが点滅し、棒が下りている。'.normalize('NFKC');
    const crossing = testCatalog().byId.get('railroad_crossing')?.index;
    expect(tagger.spans(text).find((s) => s.category === crossing)?.rule).toBe('railroad_crossing/barrier');
    expect([...tagger.tag({ summary: text, analysis: null }, [text]).present]).toContain(crossing);
  });
});
