import { beforeAll, describe, expect, it } from 'vitest';
import { buildLexicon } from '../../../../core/scenery-search/lexicon.ts';
import { type CategoryMatch, matchMeaning } from '../../../../core/scenery-search/meaning/match.ts';
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

const summary = (text: string) => find(text).map((m) => `${m.category_id}:${m.rule}:${m.wording}`);

describe('spelling: a wording the catalogue lists in kana is searched as its kanji wording', () => {
  it.each([
    ['しょうてんがい', ['shopping_street:synonym:商店街']],
    ['ユウグレ', ['dusk:synonym:夕暮れ']],
    ['みなとのみえるさか', ['harbour:synonym:港', 'slope_road:synonym:坂']],
  ])('%s → %j', (text, expected) => {
    expect(summary(text).sort()).toEqual([...expected].sort());
  });

  it('keeps a kana wording whose category lists no kanji wording read alike', () => {
    expect(summary('じゃりみち')).toEqual(['unpaved_road:synonym:じゃりみち']);
  });
});
