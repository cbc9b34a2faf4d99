/**
 * Optional clauses: wishes that should rank scenes but never filter them. Two shapes, both read on kuromoji tokens:
 * - a leading adverbial (できれば, なるべく, 可能なら …) covers the clause after it, up to its first predicate or
 *   punctuation (できれば海が見える|坂道: the sea view is a wish, the slope is asked for);
 * - a trailing evaluation of a condition (〜があればなお良い, 〜だと嬉しい, 〜なら言うことなし, 〜でも構いません) covers the
 *   scenery words its verb phrase reaches back to, like a negation does, and so does indifference (indifference.ts).
 * Patterns are written folded (hiragana, NFKC).
 */
import { indifferenceLength } from './indifference.ts';
import { isFunctionToken } from './query-words.ts';
import type { QueryToken } from './tokenizer.ts';

const LEADING =
  /^(?:もし)?(?:できれば|出来れば|できたら|出来たら|できることなら|出来ることなら|できるなら|出来るなら|できる限り|出来る限り|できるだけ|出来るだけ|なるべくなら|なるべく|なるだけ|なるたけ|可能なら|可能であれば|可能でしたら|叶うなら|かなうなら|あわよくば|欲を言えば|よくをいえば|贅沢を言えば|ぜいたくを言えば|願わくば|理想を言えば|理想は)/u;
// The evaluation after a conditional (ば, と, たら, なら): 〜があれば|なお良い, 〜だと|嬉しい.
// A degree adverb may stand between them (〜だと|とても|嬉しい); 助かる is read in its polite stem too (助かります).
const WISHED =
  /^(?:とても|すごく|大変|たいへん|非常に|本当に|ほんとうに|ほんとに|一番|いちばん)?(?:なお|尚|さらに|更に|もっと|より|なおさら)?(?:良い|よい|いい|良し|よし|良く|よく|嬉しい|うれしい|ありがたい|有難い|幸い|さいわい|助か[るり]|最高|ベスト|べすと|ベター|べたー|理想|望ましい|好ましい|可|完璧|かんぺき|ぱーふぇくと|言うことな[しい]|いうことな[しい]|申し分な[しい]|もうしぶんな[しい]|文句な[しい]|もんくな[しい])/u;
// The acceptance after でも / でも可: 〜でも構いません, 〜でもいい.
const ACCEPTED =
  /^(?:構いません|構わない|構わ|構い|かまいません|かまわない|かまわ|かまい|いい|良い|よい|大丈夫|ok|おk|可|結構|けっこう|問題ない|問題な|許容)/u;
const CONDITIONALS = new Set(['ば', 'と', 'たら', 'なら', 'だら']);
const NEGATING = new Set(['ない', '無い', 'ぬ', '少ない']);
const CLAUSE_END = /^[、。,.!?！？\s]+$/u;
const MAX_PHRASE_TOKENS = 8;

// A wish that reaches the photograph itself or a verb of asking is the request politely put, not a wish:
// 神社の写真を見せていただけると嬉しい, 〜の写真があると助かります.
const REQUEST_NOUNS = new Set(['写真', 'しゃしん', '画像', '映像']);
const REQUEST_VERBS = new Set([
  '見せる',
  '教える',
  '送る',
  '探す',
  '紹介',
  'いただく',
  '頂く',
  'くださる',
  '下さる',
  'もらう',
]);

/** Whether a token makes a wish's phrase a polite request (the photograph, a verb of asking). */
export const asksPolitely = (t: QueryToken) =>
  (t.pos === '名詞' && REQUEST_NOUNS.has(t.surface)) || REQUEST_VERBS.has(t.basic);

/** Length of a wish's evaluation (なお良い, とても嬉しい, 助かります) starting at `at` after a conditional, or 0. */
export function wishLength(folded: string, at: number): number {
  return WISHED.exec(folded.slice(at))?.[0].length ?? 0;
}

/** Whether a token is a conditional particle (ば, と, たら, なら) that a wish's evaluation can follow. */
export const isConditional = (t: QueryToken) => CONDITIONALS.has(t.surface) && (t.pos === '助詞' || t.pos === '助動詞');

/** Length of an optional adverbial (できれば, なるべく …) starting at `at`, or 0. */
export function optionalMarkerLength(folded: string, at: number): number {
  return LEADING.exec(folded.slice(at))?.[0].length ?? 0;
}

// The particles that make the words before an adverbial its topic: 電柱は|できれば写っていない.
const TOPIC = new Set(['は', 'も', 'が', 'って']);

/** Where the clause holding token i starts: after the last punctuation or connective before it. */
function clauseStart(tokens: QueryToken[], i: number): number {
  for (let k = i - 1; k >= 0; k--) {
    const t = tokens[k] as QueryToken;
    if (CLAUSE_END.test(t.surface) || (t.detail === '接続助詞' && t.surface !== 'て' && t.surface !== 'で'))
      return t.end;
  }
  return 0;
}

/**
 * Spans of the query that optional adverbials cover, with the adverbials' own spans (claimed). A clause's topic
 * before the adverbial belongs to the wish too (電柱はできれば写っていない).
 */
export function leadingOptionalSpans(
  folded: string,
  tokens: QueryToken[],
): { covered: [number, number][]; markers: [number, number][] } {
  const covered: [number, number][] = [];
  const markers: [number, number][] = [];
  for (let i = 0; i < tokens.length; i++) {
    const start = (tokens[i] as QueryToken).start;
    const length = optionalMarkerLength(folded, start);
    if (length === 0) continue;
    const markerEnd = start + length;
    let j = tokens.findIndex((t) => t.start >= markerEnd);
    if (j < 0) break;
    if ((tokens[j] as QueryToken).start !== markerEnd) continue;
    markers.push([start, markerEnd]);
    const before = tokens[i - 1];
    const from = before && before.pos === '助詞' && TOPIC.has(before.surface) ? clauseStart(tokens, i) : markerEnd;
    let end = folded.length;
    for (; j < tokens.length; j++) {
      const t = tokens[j] as QueryToken;
      if (CLAUSE_END.test(t.surface)) {
        end = t.start;
        break;
      }
      // A predicate ends the clause (見える, 静かな, いい); the noun it modifies is asked for outright.
      const predicate = t.pos === '動詞' || t.pos === '形容詞' || (t.pos === '助動詞' && t.basic === 'だ');
      if (predicate && tokens[j + 1]?.pos === '名詞' && !isFunctionToken(tokens[j + 1] as QueryToken)) {
        end = t.end;
        break;
      }
    }
    covered.push([from, end]);
    i = tokens.findIndex((t) => t.start >= end) - 1;
    if (i < -1) break;
  }
  return { covered, markers };
}

/**
 * A trailing wish whose verb phrase reaches back to the scenery word ending at `from` (and not past `limit`), as
 * the spans of its words (claimed), or null.
 */
export interface TrailingWish {
  /** The wish is for the word's absence (〜がなければ嬉しい, 〜が少ないと良い). */
  negated: boolean;
  spans: [number, number][];
}

export function trailingWishAfter(
  folded: string,
  tokens: QueryToken[],
  from: number,
  limit: number,
): TrailingWish | null {
  let i = tokens.findIndex((t) => t.start >= from);
  if (i < 0 || folded.slice(from, (tokens[i] as QueryToken).start).trim() !== '') return null;
  const indifferent = indifferenceLength(folded.slice(from, limit));
  if (indifferent > 0) return { negated: false, spans: [[from, from + indifferent]] };
  const spans: [number, number][] = [];
  let conditional = false;
  let negated = false;
  for (let n = 0; i < tokens.length && n < MAX_PHRASE_TOKENS; i++, n++) {
    const t = tokens[i] as QueryToken;
    if (t.start >= limit) return null;
    const after = folded.slice(t.start, limit);
    const wished = conditional ? WISHED.exec(after) : null;
    if (wished) return { negated, spans: [...spans, [t.start, t.start + wished[0].length]] };
    if (asksPolitely(t)) return null;
    const accepted = acceptanceAt(folded, tokens, i, limit);
    // 〜でも構わない, 〜があっても(なくても)構わない: the word is welcome, not required, and never excluded.
    if (accepted > 0) return { negated: false, spans: [...spans, [t.start, accepted]] };
    if (isConditional(t)) conditional = true;
    else if (NEGATING.has(t.basic) && (t.pos === '形容詞' || t.pos === '助動詞')) negated = true;
    // The head a verb phrase modifies when it names nothing (場所, ところ, もの): 〜が走っている場所だと嬉しい.
    else if (t.pos === '名詞' && isFunctionToken(t)) conditional = false;
    else if (t.pos === '名詞' || t.pos === '記号' || t.pos === '形容詞') return null;
    spans.push([t.start, t.end]);
  }
  return null;
}

/**
 * End of an acceptance starting at token i (でも構いません, てもいい, てもなくても構わない), or 0: でも as one token,
 * or も after the て-form of a verb or of ない.
 */
function acceptanceAt(folded: string, tokens: QueryToken[], i: number, limit: number): number {
  const t = tokens[i] as QueryToken;
  const prev = tokens[i - 1];
  const concessive = t.surface === 'も' && prev !== undefined && (prev.surface === 'て' || prev.surface === 'で');
  if (t.surface !== 'でも' && !concessive) return 0;
  const rest = folded.slice(t.end, limit);
  const alternative = /^(?:なくても|無くても)/u.exec(rest)?.[0].length ?? 0;
  const accepted = ACCEPTED.exec(rest.slice(alternative));
  return accepted ? t.end + alternative + accepted[0].length : 0;
}
