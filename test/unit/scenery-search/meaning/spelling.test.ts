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

describe('spelling: variants told apart by reading', () => {
  it.each([
    // a variant kanji read alike (薮/藪, 濱/浜, 鐵/鉄), and a personal name the IME offered for the reading
    ['竹薮', 'bamboo_grove:fuzzy:竹藪'],
    ['濱辺', 'beach:fuzzy:浜辺'],
    ['鐵道', 'railway_tracks:fuzzy:鉄道'],
    ['鳥井', 'torii:fuzzy:鳥居'],
    // a wrong homophone kanji cut into morphemes, read like the wording at its place
    ['漁講', 'fishing_port:fuzzy:漁港'],
    ['灯代', 'lighthouse:fuzzy:灯台'],
    // okurigana added or dropped
    ['石畳み', 'stone_paving:fuzzy:石畳'],
    ['見晴し', 'hilltop_view:fuzzy:見晴らし'],
    // a one-kanji wording misspelt at the end of a compound is the compound's end (塀 typed as 堀, a canal)
    ['ブロック堀', 'block_wall:fuzzy:ぶろっく塀'],
    // a longer reading holding a shorter match: the old kanji of 桜並木, a compound half in kana
    ['櫻並木', 'cherry_blossoms:fuzzy:桜並木'],
    ['赤ちょうちん', 'lanterns:fuzzy:赤提灯'],
  ])('%s → %s', (text, expected) => {
    expect(summary(text)).toEqual([expected]);
  });

  it.each([
    // a common word read like a wording is a different word
    ['街頭'],
    ['公演'],
    ['高価な'],
    // an adjective's okurigana is a word of its own, and a particle is not okurigana
    ['白い壁'],
    ['景色'],
    // one kanji read like a one-kanji wording (箸 and 橋) is never matched
    ['箸'],
  ])('%s → nothing', (text) => {
    expect(summary(text)).toEqual([]);
  });
});

describe('spelling: catalogue wordings are read as the catalogue writes them', () => {
  it('reads a katakana wording in katakana (郵便バイク is 郵便 + バイク, not 郵便 + ば + いく)', () => {
    expect(summary('郵便ボスト')).toEqual(['post_box:fuzzy:郵便ぽすと']);
    expect(summary('郵便')).toEqual([]);
  });

  it('joins no verb in its dictionary form to the noun it modifies (歩ける道 is not 歩道)', () => {
    expect(summary('歩ける道')).toEqual([]);
  });
});

describe('spelling: two wordings that make a longer one', () => {
  it.each([
    // found in kana, joined by の
    ['あかれんがのそうこ', 'brick_warehouse:inflection:赤れんが倉庫'],
    // found as written, joined by の
    ['駅前の広場', 'train_station:inflection:駅前広場'],
  ])('%s → %s', (text, expected) => {
    expect(summary(text)).toEqual([expected]);
  });

  it('leaves two wordings apart when together they make no wording', () => {
    expect(summary('公園の桜').sort()).toEqual(['cherry_blossoms:label:桜', 'park:label:公園']);
  });
});

describe('spelling: English words through the catalogue’s English labels', () => {
  it.each([
    ['river', ['river:label:川']],
    ['Street Trees', ['street_trees:label:街路樹']],
    // singular or plural, and each part of an "X and Y" label
    ['cherry blossom', ['cherry_blossoms:label:桜']],
    ['murals', ['graffiti:label:落書き']],
    ['bridge over the canal', ['bridge:label:橋', 'canal:label:運河']],
  ])('%s → %j', (text, expected) => {
    expect(summary(text).sort()).toEqual([...expected].sort());
  });

  it('matches whole words only (park is not read out of parking)', () => {
    expect(summary('parking').filter((m) => m.startsWith('park:'))).toEqual([]);
  });
});

describe('spelling: Japanese words typed in romaji', () => {
  it.each([
    ['sakamichi', ['slope_road:reading:坂道']],
    // a long vowel left out, as romaji often does
    ['shotengai', ['shopping_street:reading:商店街']],
    ['jinja no torii', ['shrine_building:reading:神社', 'torii:reading:鳥居']],
  ])('%s → %j', (text, expected) => {
    expect(summary(text).sort()).toEqual([...expected].sort());
  });

  it.each([['one'], ['the']])('%s spells no wording', (text) => {
    expect(summary(text)).toEqual([]);
  });
});
