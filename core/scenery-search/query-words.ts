/**
 * What to do with query words that matched no category, place or year: particles are function words, words a street
 * photograph cannot show are not scenery, and other content words become text terms when observations contain them.
 */
import { foldKana } from './normalize.ts';
import type { QueryToken } from './tokenizer.ts';

export type IgnoredReason =
  | 'function_word'
  | 'not_scenery'
  | 'unknown_place'
  | 'unsupported_year'
  | 'duplicate'
  | 'negated_word';

const FUNCTION_POS = new Set(['助詞', '助動詞', '記号', '接続詞', '連体詞', 'フィラー', '接頭詞', '感動詞', 'その他']);
const FUNCTION_NOUN_DETAILS = new Set(['非自立', '代名詞', '接尾', '副詞可能']);

// Words of a search box that ask for something rather than describe it (写真, 場所, 探す …).
const FILLER = new Set(
  [
    '写真',
    '画像',
    '場所',
    'ところ',
    '所',
    'とこ',
    '風景',
    '景色',
    '景観',
    '様子',
    '感じ',
    '雰囲気',
    '光景',
    'シーン',
    '辺り',
    'あたり',
    '周辺',
    '付近',
    '近く',
    'エリア',
    '地域',
    '街',
    '町',
    'まち',
    '通り',
    '道',
    'みち',
    '道路',
    'スポット',
    '写真',
    'ある',
    'いる',
    'する',
    'なる',
    'できる',
    '見る',
    '見える',
    '撮る',
    '撮影',
    '探す',
    '行く',
    '来る',
    '知る',
    '思う',
    'ほしい',
    '欲しい',
    'たい',
    'みたい',
    'よう',
    'いい',
    '良い',
    'よい',
    'すごい',
    'とても',
    'かなり',
    'ちょっと',
    '少し',
    'めっちゃ',
    'めちゃくちゃ',
    'すごく',
    'まじ',
    '結構',
    'いっぱい',
    'たくさん',
    '多い',
    '少ない',
    'もの',
    'こと',
    'おすすめ',
    'オススメ',
    '的',
    'っぽい',
    'ぽい',
    '系',
    '風',
  ].map(foldKana),
);

// Things people search for that a street photograph does not show, or that observations never state.
const NOT_SCENERY = new Set(
  [
    '美味しい',
    'おいしい',
    'うまい',
    '美味い',
    'まずい',
    '安い',
    '値段',
    '価格',
    '料金',
    '無料',
    '有料',
    '営業',
    '営業時間',
    '定休日',
    '予約',
    '人気',
    '評判',
    '口コミ',
    'レビュー',
    '有名',
    'ランキング',
    'wifi',
    'wi-fi',
    '電源',
    '禁煙',
    '喫煙',
    '混雑',
    '空いている',
    '楽しい',
    'デート',
    'インスタ映え',
    '映え',
    'おしゃれ',
    'お洒落',
    'かわいい',
    '可愛い',
    '素敵',
    '好き',
    '嫌い',
    '最高',
    '最近',
    '昔',
    '歴史',
    'ラーメン',
    'カフェ',
    'ランチ',
    '食べ物',
    '料理',
    'グルメ',
    '味',
    '匂い',
    '香り',
    '音',
    'うるさい',
    '騒音',
    '治安',
    '安全',
    '危険',
    '便利',
    '不便',
    '家賃',
    '駐車料金',
    'アクセス',
  ].map(foldKana),
);

// Spoken emphasis doubles a consonant or stretches a vowel (すっごい, すごーい): the word is the one without.
const unstressed = (word: string) => word.slice(0, 1) + word.slice(1).replace(/[っー]/gu, '');
// One kana kuromoji could not read (ザ・, a lone ー) is no content word; two may be one (ビュー).
const KANA_SCRAP = /^[\u3041-\u3096\u30a1-\u30fa]?[ー・]*$/u;
const PUNCTUATION_ONLY = /^[\p{P}\p{S}]+$/u;

export function isFunctionToken(token: QueryToken): boolean {
  if (FUNCTION_POS.has(token.pos)) return true;
  if (token.pos === '名詞' && FUNCTION_NOUN_DETAILS.has(token.detail)) return true;
  if ((token.pos === '動詞' || token.pos === '形容詞') && (token.detail === '非自立' || token.detail === '接尾'))
    return true;
  if (!token.known && KANA_SCRAP.test(token.surface)) return true;
  // Punctuation kuromoji files as a noun after NFKC (？ → ?, ！ → !) is still punctuation.
  if (PUNCTUATION_ONLY.test(token.surface)) return true;
  const surface = foldKana(token.surface);
  const basic = foldKana(token.basic);
  return [surface, basic, unstressed(surface), unstressed(basic)].some((w) => FILLER.has(w));
}

export function isNotScenery(token: QueryToken): boolean {
  return NOT_SCENERY.has(foldKana(token.surface)) || NOT_SCENERY.has(foldKana(token.basic));
}

export function isUnknownPlace(token: QueryToken): boolean {
  return token.pos === '名詞' && token.detail === '固有名詞' && token.detail2 === '地域';
}

/** A place-name suffix that belongs to the place before it (渋谷 + 区, 横浜 + 駅). */
export function isPlaceSuffix(token: QueryToken): boolean {
  return token.pos === '名詞' && token.detail === '接尾' && token.detail2 === '地域';
}

/** Tokens that can join a neighbour into one compound noun term (公衆 + トイレ). */
export function isCompoundPart(token: QueryToken): boolean {
  return token.pos === '名詞' && ['一般', 'サ変接続', '固有名詞', '形容動詞語幹', '接尾', '数'].includes(token.detail);
}
