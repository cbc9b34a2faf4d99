/**
 * Negation as people type it in a search box, beside the written forms of negation.ts. Read on the folded text,
 * since kuromoji's dictionary misses these forms (it cuts 立ってねえ as て|ね|え, 立ってへん as て|へん, とかはなし as
 * とか|はなし "a talk"):
 * - ない contracted or in dialect after a verb's て-form: 〜てねえ / ねー / ねぇ, 〜てへん / ひん (Kansai), and
 *   〜とらん / どらん (〜ておらん);
 * - words of absence or refusal after a noun, behind any particles of a list or topic: 〜ゼロ, 〜皆無, 〜NG,
 *   〜はいや / やだ / 嫌い / 勘弁 / 無理 / だめ, 〜とかはなしで;
 * and the one shape that looks negative but asks for presence: a negator that ends a question (〜ないかな,
 * 〜ない？, 〜ありませんか: "is there …?").
 * Patterns are written folded (hiragana, NFKC, lowercase).
 */
import type { QueryToken } from './tokenizer.ts';

// After the て-form (て / で) of a verb: the contracted and dialect forms of ない.
const AFTER_TE = /^(?:ねえ|ねー|ねぇ|ねい|へん|ひん)/u;
// 〜とらん, 〜どらん: ておらん / でおらん with the お dropped; the と / で is the token before.
const AFTER_TO = /^らん/u;
// A noun's absence or its refusal, behind the particles that may come between (電線とかはなしで, 坂は無理).
const NOUN_ABSENCE =
  /^(?:とか|なんか|なんて|など)?(?:は|も|が|の)?(?:なさげ|無さげ|なさそう|無さそう|ぜろ|皆無|かいむ|ng|ねえ|ねー|いや|やだ|嫌い|きらい|勘弁|かんべん|無理|むり|だめ|駄目|なし|無し|ない|無い|なく|無く)/u;
// What may close a question after the negator: です / でしょう / の, then か(な|ね|しら) ending the clause, or a
// question mark.
const QUESTION_WORDS =
  /^(?:ん?です|んでしょう|でしょう|っす|の|ん)?((?:かしら|かな|かね|かい|か|っけ)[ぁあぃいーっ〜~]*)?/u;
const CLAUSE_END = /^(?:$|[、。,.!！\s]|[ねよ][ぁあーっ〜~!！?？]*$)/u;

/**
 * Length of a colloquial negator starting at token i (its start in `folded`), or 0: only where the tokens before
 * make it one (a て-form before ねえ / へん, a verb's て-form cut as と before らん).
 */
export function colloquialNegatorLength(folded: string, tokens: readonly QueryToken[], i: number): number {
  const t = tokens[i];
  const prev = tokens[i - 1];
  if (t === undefined || prev === undefined) return 0;
  const rest = folded.slice(t.start);
  if (prev.surface === 'て' || prev.surface === 'で') return AFTER_TE.exec(rest)?.[0].length ?? 0;
  const verb = tokens[i - 2];
  if ((prev.surface === 'と' || prev.surface === 'ど') && verb?.pos === '動詞')
    return AFTER_TO.exec(rest)?.[0].length ?? 0;
  return 0;
}

/**
 * Length of a colloquial absence right after a noun (`rest` starts there), or 0. It must end where a token ends,
 * so a longer word that merely starts alike (いやし) is not one.
 */
export function nounAbsenceLength(rest: string, endsToken: (length: number) => boolean): number {
  const m = NOUN_ABSENCE.exec(rest);
  return m && endsToken(m[0].length) ? m[0].length : 0;
}

// Negators of existence or of a verb, which a question turns into "is there …?"; a refusal stays one (電柱は
// なしかな, 電柱はいらないかな: "none for me, I think").
const EXISTENCE = /(?:ない|無い|ねえ|ねー|ねぇ|ません|へん|ひん|らん|ん)$/u;
const REFUSAL = /(?:いらない|要らない)$/u;
const POLITE = /^(?:ん?です|んでしょう|でしょう)か/u;

/**
 * Whether the negator at [start, end) closes a question (〜ないかな, 〜ありませんか), so it asks for presence. After
 * a topic (〜は), only a polite or marked question is one (灯台はありませんか, 電柱はないの？): 電柱はないかな
 * states a wish for none, softened.
 */
export function closesQuestion(folded: string, start: number, end: number, topic = false): boolean {
  const negator = folded.slice(start, end);
  if (!EXISTENCE.test(negator) || REFUSAL.test(negator)) return false;
  const rest = folded.slice(end);
  const words = QUESTION_WORDS.exec(rest) as RegExpExecArray;
  const after = rest.slice(words[0].length);
  const marked = /^[?？]/u.test(after);
  if (!marked && (words[1] === undefined || !CLAUSE_END.test(after))) return false;
  return !topic || marked || negator.endsWith('ません') || POLITE.test(rest);
}

const NEGATOR_BASIC = new Set(['ない', '無い', 'ん', 'ぬ']);

/**
 * The negators of a query that close a question (灯台ありませんか, 商店街ないかな), to be claimed: they ask for
 * presence, so they are neither a dropped word nor a negation tied to nothing.
 */
export function questionNegatorSpans(folded: string, tokens: readonly QueryToken[]): [number, number][] {
  const spans: [number, number][] = [];
  tokens.forEach((t, i) => {
    const negator = (t.pos === '助動詞' || t.pos === '形容詞') && NEGATOR_BASIC.has(t.basic);
    const end = t.start + Math.max(negator ? t.end - t.start : 0, colloquialNegatorLength(folded, tokens, i));
    if (end > t.start && closesQuestion(folded, t.start, end)) spans.push([t.start, end]);
  });
  return spans;
}
