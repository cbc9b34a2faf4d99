/**
 * A sentence whose main predicate is a wish's evaluation after a conditional (〜になれるような場所だととても嬉しいです。,
 * 人や車が写っていないものだと助かります。) says what would be welcome, not what is asked for. When another sentence
 * of the query asks for scenery outright, the scenery words of the wish sentence rank and never filter (`wish`),
 * however far from the evaluation they stand. A query whose only firm request is such a sentence
 * (〜がかかっている入口が写っている写真があると、とても助かります。) keeps it asked for: it is the request, politely put.
 */
import { asksPolitely, isConditional, wishLength } from './soft-clauses.ts';
import type { QueryToken } from './tokenizer.ts';

/** A word's scope as clause-scope.ts keeps it (`softBy` names the rule that made it soft). */
interface Scope {
  negated: boolean;
  soft: boolean;
  softBy?: string;
}

const SENTENCE_END = /^[。!?！？\n]+$/u;
const PUNCTUATION = /^[、。,.!?！？…\s]+$/u;

// What may follow the evaluation before the sentence ends: です, ます, a final particle, 〜のですが.
function closesPredicate(t: QueryToken): boolean {
  if (PUNCTUATION.test(t.surface) || t.pos === '助動詞' || t.pos === '記号') return true;
  if (t.pos === '助詞') return t.detail.includes('終助詞') || t.surface === 'が' || t.surface === 'けど';
  return t.pos === '名詞' && t.detail === '非自立' && t.surface === 'の';
}

/** Whether the sentence's last predicate is a wish's evaluation after a conditional, and it asks for no photograph. */
function endsInWish(folded: string, sentence: readonly QueryToken[]): boolean {
  if (sentence.some(asksPolitely)) return false;
  for (let i = sentence.length - 2; i >= 0; i--) {
    const t = sentence[i] as QueryToken;
    if (!isConditional(t)) continue;
    // A comma may part the conditional from its evaluation (〜だと、なお良い).
    const next = (PUNCTUATION.test((sentence[i + 1] as QueryToken).surface) ? sentence[i + 2] : sentence[i + 1]) as
      | QueryToken
      | undefined;
    if (!next) return false;
    const length = wishLength(folded, next.start);
    if (length === 0) return false;
    const end = next.start + length;
    return sentence.every((w) => w.end <= end || (w.start >= end && closesPredicate(w)));
  }
  return false;
}

/** Spans of the query's sentences that end in a wish (〜だと嬉しいです。, 〜があれば助かります。). */
export function wishSentenceSpans(folded: string, tokens: readonly QueryToken[]): [number, number][] {
  const spans: [number, number][] = [];
  let sentence: QueryToken[] = [];
  const close = () => {
    if (sentence.length > 0 && endsInWish(folded, sentence))
      spans.push([(sentence[0] as QueryToken).start, (sentence[sentence.length - 1] as QueryToken).end]);
    sentence = [];
  };
  for (const t of tokens) {
    if (SENTENCE_END.test(t.surface)) close();
    else if (t.surface.trim() !== '') sentence.push(t);
  }
  close();
  return spans;
}

/**
 * Marks the words of wish sentences as wishes, when a word outside them is still asked for (neither soft nor
 * negated): a negation inside one becomes a wish for the absence.
 */
export function softenWishSentences(
  folded: string,
  tokens: readonly QueryToken[],
  matches: readonly { start: number; end: number }[],
  scopes: Scope[],
): void {
  const spans = wishSentenceSpans(folded, tokens);
  if (spans.length === 0) return;
  const inWish = matches.map((m) => spans.some(([a, b]) => m.start >= a && m.end <= b));
  const firmElsewhere = matches.some((_m, i) => !inWish[i] && !scopes[i]?.soft && !scopes[i]?.negated);
  if (!firmElsewhere) return;
  matches.forEach((_m, i) => {
    const scope = scopes[i] as Scope;
    if (inWish[i] && !scope.soft) Object.assign(scope, { soft: true, softBy: 'wish' });
  });
}
