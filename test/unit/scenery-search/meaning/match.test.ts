import { beforeAll, describe, expect, it } from 'vitest';
import { buildLexicon } from '../../../../core/scenery-search/lexicon.ts';
import { type CategoryMatch, matchMeaning, RULE_WEIGHTS } from '../../../../core/scenery-search/meaning/match.ts';
import { loadThesaurus } from '../../../../core/scenery-search/meaning/thesaurus.ts';
import { buildWordingTable, type WordingTable } from '../../../../core/scenery-search/meaning/wordings.ts';
import { foldKana, normalizeWidth } from '../../../../core/scenery-search/normalize.ts';
import { loadTokenizer, type TokenizeText } from '../../../../core/scenery-search/tokenizer.ts';
import { testCatalog } from '../fixture.ts';

let tokenize: TokenizeText;
let table: WordingTable;

beforeAll(async () => {
  tokenize = await loadTokenizer();
  table = buildWordingTable(buildLexicon(testCatalog()), tokenize);
}, 30_000);

function find(text: string): CategoryMatch[] {
  const normalized = normalizeWidth(text);
  return matchMeaning(table, tokenize(normalized), foldKana(normalized), { thesaurus: loadThesaurus() });
}

const summary = (text: string) => find(text).map((m) => `${m.category_id}:${m.rule}`);

describe('meaning: each rule', () => {
  it.each([
    // label and synonym as written
    ['石畳', ['stone_paving:label']],
    ['カーブミラーのある交差点', ['traffic_mirror:label', 'intersection:label']],
    // kana spellings through readings
    ['てんぼうだい', ['hilltop_view:reading']],
    ['こうじょうのえんとつ', ['factory:reading']],
    ['うらどおり', ['narrow_alley:reading']],
    // particle variants of a listed compound, and conjugated forms
    ['石の鳥居', ['torii:inflection']],
    ['レンガの壁', ['brick_wall:inflection']],
    ['さびれていた商店街', ['shopping_street:label', 'run_down:inflection']],
    // the adjective for the attributive word (大きい木 for 大きな木)
    ['大きい木', ['large_tree:inflection']],
    ['大きい家', ['detached_houses:synonym']],
    // one edit, a dropped 長音, a misspelt ending of a longer word
    ['ガードレイル', ['guardrail:fuzzy']],
    ['石だたみ', ['stone_paving:fuzzy']],
    ['歩道僑', ['pedestrian_bridge:fuzzy']],
    // a wrong kanji from the IME, read like the wording (でんちゅう)
    ['遊歩同', ['pedestrian_street:fuzzy']],
    // a katakana word is not cut (カーブ is not read out of カーブミラ, a dropped 長音)
    ['カーブミラ', ['traffic_mirror:fuzzy']],
    // the thesaurus
    ['ベンダー', ['vending_machines:thesaurus']],
  ])('%s → %j', (text, expected) => {
    expect(summary(text).sort()).toEqual([...expected].sort());
  });

  it('names the catalogue wording reached, and weighs each rule below a written match', () => {
    const [m] = find('ガードレイル');
    expect(m).toMatchObject({ text: 'がーどれいる', wording: 'がーどれーる', weight: RULE_WEIGHTS.fuzzy });
    expect(RULE_WEIGHTS.fuzzy).toBeLessThan(RULE_WEIGHTS.thesaurus);
    expect(RULE_WEIGHTS.thesaurus).toBeLessThan(RULE_WEIGHTS.reading);
    expect(RULE_WEIGHTS.reading).toBeLessThan(RULE_WEIGHTS.label);
  });
});

describe('meaning: refusals', () => {
  it.each([
    // a short wording inside a longer word
    ['駅伝'],
    ['松本'],
    // demonstratives and sentence-final forms
    ['あそこ'],
    ['どこでしょうか'],
    ['それはなんですか'],
    // a whole word the dictionary knows is not a misspelling of a catalogue word
    ['中学校'],
    // an inflection ending after a kanji word starts no kana word (止まっ|て|い|ない), and a wording written in one
    // inflected form (止まれ) is not matched by the verb's other forms
    ['止まっていない'],
  ])('%s → nothing', (text) => {
    expect(summary(text)).toEqual([]);
  });

  it('keeps a negating auxiliary in a conjugated wording (通り抜けできない is not 通り抜けできる)', () => {
    expect(summary('通り抜けできない道')).toEqual(['dead_end:synonym']);
  });

  it('leaves spans others took alone', () => {
    const normalized = '石畳の坂道';
    const found = matchMeaning(table, tokenize(normalized), normalized, { free: (s) => s >= 2 });
    expect(found.map((m) => m.category_id)).toEqual(['slope_road']);
  });
});
