/**
 * Negation, on both sides. In a query, a negator after a scenery word turns it into an exclusion: right after it
 * (〜がない, 〜以外, 〜じゃない, 〜なし) or at the end of the verb phrase the word is the subject or object of
 * (〜が落ちていない, 〜は写っていない, 〜が一本も立っていない). 〜少ない and あまり〜ない only ask for fewer: a soft
 * negation that ranks but never filters. In an observation, a phrase followed by は見られない, はない … states an
 * absence and must not tag the scene. All patterns are written folded (hiragana, NFKC).
 */
import { closesQuestion, colloquialNegatorLength, nounAbsenceLength } from './colloquial-negation.ts';
import { isFunctionToken } from './query-words.ts';
import { optionalMarkerLength } from './soft-clauses.ts';
import type { QueryToken } from './tokenizer.ts';

export type NegationKind = 'negated' | 'fewer';

export interface ScopedNegation {
  kind: NegationKind;
  /** The words of the negated phrase that belong to the negation (verbs, particles, the negator), not its nouns. */
  spans: [number, number][];
}

// Right after a query phrase: the particle is optional ("電柱ない").
const QUERY_NEGATION =
  /^(?:が|の|は|も|を)?(?:ない|無い|なし|無し|なく|無く|ねえ|ありません|いらない|要らない|除く|除いた)|^(?:じゃない|じゃなく|じゃなくて|ではない|ではなく|でない|以外|抜き|ぬき|を除く|を除いた|なしの|以外の)/u;
const QUERY_FEWER = /^(?:が|の|は|も)?(?:少ない|少なく|少なめ|すくない|すくなめ)/u;

// Words that join scenery words into one group that a final negation covers ("電柱や電線がない").
const COORDINATION = /^(?:や|と|とか|も|・|、|,|か|および|及び|または|又は|やら)$/u;

/** Length of a negation right at the start of `rest`, or 0. */
function matchQueryNegation(rest: string): number {
  const m = QUERY_NEGATION.exec(rest);
  return m ? m[0].length : 0;
}

/** Whether the text between two scenery words only joins them (so they share a negation). */
export function isCoordination(between: string): boolean {
  return COORDINATION.test(between.trim());
}

// Words that ask to avoid what they follow (〜は避けたい, 〜は苦手, 〜は不要), and the other negators.
const AVOIDING = new Set(['避ける', '除外', '不要', '苦手', '嫌', 'いらない', '要らない']);
const NEGATOR_BASIC = new Set(['ない', '無い', 'ぬ', 'ん', 'なし', '無し', '以外', '除く', ...AVOIDING]);
// Verbs whose negation affirms (忘れられない, 構わない, 欠かせない): no absence is asked for.
const AFFIRMED_BY_NEGATION = new Set([
  '忘れる',
  '構う',
  'かまう',
  '欠く',
  '欠かす',
  '見逃す',
  '譲る',
  '諦める',
  '堪る',
  'たまる',
]);
// Degree adverbs that turn a following negator into "not many" (あまりない) rather than "none".
const FEWER_ADVERBS = new Set(['あまり', 'あんまり', 'それほど', 'そんなに', 'さほど', 'たいして', '大して']);
// Connective particles that stay inside one verb phrase (落ちて|いない); others (ば, けど, が) end the clause.
const PHRASE_CONNECTIVES = new Set(['て', 'で']);
const MAX_PHRASE_TOKENS = 10;

function isNegator(token: QueryToken): boolean {
  if (token.pos === '助動詞') return NEGATOR_BASIC.has(token.basic);
  if (token.pos === '形容詞') return token.basic === 'ない' || token.basic === '無い' || token.basic === 'なし';
  return (token.pos === '名詞' || token.pos === '動詞') && NEGATOR_BASIC.has(token.basic);
}

/**
 * The negation whose scope reaches back to the scenery word ending at `from`: the words between are particles,
 * degree adverbs, quantities (一本も), plain nouns before the verb (道に), the verb phrase and its auxiliaries, and
 * nothing past `limit` (the next scenery word). A verb followed by a noun ends the phrase (電柱が立っている道がない
 * negates the road, not the poles); しか〜ない means "only", not "none".
 */
export function negationAfter(
  folded: string,
  tokens: QueryToken[],
  from: number,
  limit: number,
): ScopedNegation | null {
  const lead = folded.slice(from, limit).length - folded.slice(from, limit).trimStart().length;
  const rest = folded.slice(from + lead, limit);
  const direct = QUERY_FEWER.exec(rest) ?? null;
  if (direct) return { kind: 'fewer', spans: [[from + lead, from + lead + direct[0].length]] };
  const at = from + lead;
  const length = Math.max(
    matchQueryNegation(rest),
    nounAbsenceLength(rest, (n) => at + n === limit || tokens.some((t) => t.end === at + n)),
  );
  // A negator closing a question asks whether there is one (商店街ないかな): no negation.
  if (length > 0) {
    const question = closesQuestion(folded, at, at + length, /^(?:とか|なんか)?は/u.test(rest));
    return question ? null : { kind: 'negated', spans: [[at, at + length]] };
  }

  let i = tokens.findIndex((t) => t.start === from + lead);
  if (i < 0) return null;
  const topic = tokens[i]?.surface === 'は';
  const spans: [number, number][] = [];
  let fewer = false;
  let verbSeen = false;
  let verb = '';
  let avoidOnly = false;
  for (let n = 0; i < tokens.length && n < MAX_PHRASE_TOKENS; i++, n++) {
    const t = tokens[i] as QueryToken;
    if (t.end > limit) return null;
    // An optional adverbial inside the phrase (電柱はできれば写っていない) is skipped; soft-clauses.ts makes it a wish.
    const optional = optionalMarkerLength(folded, t.start);
    if (optional > 0) {
      while (i + 1 < tokens.length && (tokens[i + 1] as QueryToken).start < t.start + optional) i++;
      continue;
    }
    // A topic keeps its scope over a reason clause: 坂道は|きついので|避けたい.
    if (n === 1 && tokens[i - 1]?.surface === 'は') {
      const reason = tokens.findIndex((r, k) => k >= i && k < i + 4 && /^(?:ので|から)$/u.test(r.surface));
      if (reason > 0 && tokens.slice(i, reason).every((r) => r.pos !== '記号')) {
        i = reason + (tokens[reason + 1]?.surface === '、' ? 1 : 0);
        avoidOnly = true;
        continue;
      }
    }
    const colloquial = n > 0 ? colloquialNegatorLength(folded, tokens, i) : 0;
    if ((isNegator(t) || colloquial > 0) && n > 0) {
      const end = t.start + Math.max(colloquial, t.end - t.start);
      if (
        AFFIRMED_BY_NEGATION.has(verb) ||
        (avoidOnly && !AVOIDING.has(t.basic)) ||
        closesQuestion(folded, t.start, end, topic)
      )
        return null;
      spans.push([t.start, end]);
      return { kind: fewer ? 'fewer' : 'negated', spans };
    }
    if (t.pos === '形容詞' && (t.basic === '少ない' || t.basic === '少なめ')) {
      spans.push([t.start, t.end]);
      return { kind: 'fewer', spans };
    }
    if (t.pos === '助詞') {
      if (t.basic === 'しか') return null;
      const contracted = colloquialNegatorLength(folded, tokens, i + 1) > 0;
      if (t.detail === '接続助詞' && !PHRASE_CONNECTIVES.has(t.surface) && !contracted) return null;
    } else if (t.pos === '副詞') {
      if (FEWER_ADVERBS.has(t.basic)) fewer = true;
    } else if (t.pos === '名詞') {
      // A head that names nothing (道, ところ) passes the negation to the clause modifying it: 交通量の多い道は避けたい.
      if (verbSeen && !isFunctionToken(t)) return null;
      verbSeen = false;
      continue;
    } else if (t.pos === '動詞' || t.pos === '助動詞') {
      verbSeen = true;
      if (t.pos === '動詞' && t.detail === '自立') verb = t.basic;
    } else if (t.pos === '形容詞' && tokens[i + 1]?.pos === '名詞') verbSeen = true;
    else return null;
    spans.push([t.start, t.end]);
  }
  return null;
}

// After an evidence phrase inside an observation: "…巨木は見られない", "…歩道はない".
const OBSERVED_ABSENCE =
  /^(?:は|が|も)?(?:見られない|見られず|見当たらない|見当たらず|ない|なく|無い|なし|存在しない|確認できない|確認できず|ありません|設けられていない)/u;

export function statesAbsence(textAfter: string): boolean {
  return OBSERVED_ABSENCE.test(textAfter);
}
