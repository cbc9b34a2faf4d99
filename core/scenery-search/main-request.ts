/**
 * The main request of a query is its head: in Japanese the last content noun of the sentence, and of a compound its
 * last morpheme (右側主要部: 入浴料金 is a 料金). When that head asks for something a street photograph does not
 * show (a price, a timetable, opening hours, a menu, the weather, information, how to do something), the scenery
 * words before it only modify it: 公園の駐車場の料金 asks for a price, not for a park. Such a query is out of the
 * catalogue, however many of its modifiers name scenery.
 */
import { foldKana } from './normalize.ts';
import { isFunctionToken, isNotScenery } from './query-words.ts';
import type { QueryToken } from './tokenizer.ts';

// What closes a request after its head: particles, auxiliaries, punctuation, question words (いくら, いつ), and
// the verbs that ask to know or be told rather than to see (知りたい, 教えて).
const INTERROGATIVES = new Set(['いくら', 'いつ', 'どこ', 'なに', '何', 'どう', 'どれ', 'どのくらい', 'どれくらい']);
const ASKING_VERBS = new Set(['知る', '教える', '調べる', '分かる', 'わかる', '確認', '聞く', '尋ねる']);
const PUNCTUATION = /^[?？!！。、.,…・\s]+$/u;

// Heads a photograph cannot show: schedules and times, charges, menus, weather and forecasts, information.
const REQUEST_NOUNS = new Set(
  [
    '時刻表',
    '時刻',
    '時間',
    'ダイヤ',
    '運賃',
    '料金',
    '値段',
    '価格',
    '費用',
    'メニュー',
    '天気',
    '天候',
    '予報',
    '情報',
    '状況',
    '日程',
    'スケジュール',
    '番号',
    '住所',
    '予想',
    '予約',
  ].map(foldKana),
);
// Suffixes that make a compound a charge (拝観料, タクシー代, 家賃).
const CHARGE_SUFFIXES = new Set(['料', '代', '賃']);

const SENTENCE_END = /^[。．!！?？\n]+$/u;

const isNoun = (t: QueryToken) => t.pos === '名詞' || t.pos === '接頭詞';

function closesRequest(t: QueryToken): boolean {
  if (PUNCTUATION.test(t.surface)) return true;
  if (INTERROGATIVES.has(t.surface) || INTERROGATIVES.has(t.basic)) return true;
  if (t.pos === '助詞' || t.pos === '助動詞' || t.pos === '記号') return true;
  if (t.pos === '動詞' && ASKING_VERBS.has(t.basic)) return true;
  // Words that stand for "a place" or "a scene" (場所, 道, 写真) let the head be the word before them.
  return isFunctionToken(t) && t.detail !== '副詞可能' && t.detail !== '接尾';
}

function asksForNonScenery(head: QueryToken[]): boolean {
  const last = head[head.length - 1] as QueryToken;
  // A charge suffix after a word of its own (拝観料, タクシー代); after one kanji it is more likely a misspelling.
  const stem = head[head.length - 2];
  if (last.detail === '接尾' && CHARGE_SUFFIXES.has(last.surface) && stem && stem.surface.length >= 2) return true;
  const whole = foldKana(head.map((t) => t.surface).join(''));
  if (REQUEST_NOUNS.has(whole) || isNotScenery({ ...last, surface: whole, basic: whole })) return true;
  return head.some(
    (t) => isNotScenery(t) || REQUEST_NOUNS.has(foldKana(t.surface)) || REQUEST_NOUNS.has(foldKana(t.basic)),
  );
}

/** The head of one sentence when it asks for something that is not scenery; `scenery` when it does; null when none. */
function sentenceHead(words: QueryToken[], conditionSpans: [number, number][]): string | 'scenery' | null {
  let end = words.length;
  while (end > 0 && closesRequest(words[end - 1] as QueryToken)) end--;
  if (end === 0) return null;
  const last = words[end - 1] as QueryToken;
  // 乗り方, 行き方: a verb's stem with 方 asks how to do something.
  const before = words[end - 2];
  if (last.detail === '接尾' && last.surface === '方' && before?.pos === '動詞') {
    return `${before.surface}${last.surface}`;
  }
  // A quality (素敵, 好き) is a predicate, not a thing asked for.
  if (!isNoun(last) || last.detail === '形容動詞語幹') return 'scenery';
  let start = end - 1;
  while (
    start > 0 &&
    isNoun(words[start - 1] as QueryToken) &&
    (words[start - 1] as QueryToken).end === (words[start] as QueryToken).start
  )
    start--;
  // A head is a noun phrase: the query's start, or after の, a modifier or a relative clause. After a particle of
  // a clause or an auxiliary (〜たら最高, 〜だと最高, 〜が最高) the last noun is a predicate, not a request.
  const opener = words[start - 1];
  if (opener && !OPENS_HEAD(opener)) return 'scenery';
  const head = words.slice(start, end);
  // The compound's last morpheme is its head: a category read there makes the request scenery (駐輪場), one read
  // before it only modifies it (渋滞 in 渋滞情報).
  if (conditionSpans.some(([a, b]) => a < last.end && b > last.start)) return 'scenery';
  return asksForNonScenery(head) ? head.map((t) => t.surface).join('') : 'scenery';
}

const OPENS_HEAD = (t: QueryToken) =>
  (t.pos === '助詞' && t.detail === '連体化') ||
  t.pos === '連体詞' ||
  t.pos === '動詞' ||
  t.pos === '形容詞' ||
  (t.pos === '助動詞' && t.surface === 'な') ||
  PUNCTUATION.test(t.surface);

/**
 * The head word of the query when it asks for something that is not scenery, else null. `conditionSpans`: offsets
 * of the wordings read as categories; a head that one of them covers is scenery. A query of several sentences
 * (一文目で探し物、二文目で予定を話す) is judged on the sentences that name a category: it is out of the catalogue
 * only when each of them asks for something that is not scenery.
 */
export function nonSceneryRequest(tokens: QueryToken[], conditionSpans: [number, number][]): string | null {
  const sentences: QueryToken[][] = [[]];
  for (const t of tokens) {
    if (t.surface.trim() === '') continue;
    (sentences[sentences.length - 1] as QueryToken[]).push(t);
    if (SENTENCE_END.test(t.surface)) sentences.push([]);
  }
  const named = sentences.filter((s) => s.some((t) => conditionSpans.some(([a, b]) => a < t.end && b > t.start)));
  let found: string | null = null;
  for (const sentence of named.length > 0 ? named : sentences) {
    const head = sentenceHead(sentence, conditionSpans);
    if (head === 'scenery') return null;
    found ??= head;
  }
  return found;
}
