/**
 * Parts of a long request that tell the speaker's story or situation rather than what to show, read on kuromoji
 * tokens, beside the story and comparison clauses of `background-clauses.ts`:
 * - a sentence closed in the past (〜に行ったら、紅葉がきれいでした。), which narrates rather than asks, and any
 *   sentence before the first that asks (〜がずっと心に残っています。〜の写真を見せてください。);
 * - a 〜たとき clause whose own predicate is past too (海沿いの町を旅行したときに見た、…): tense agreement makes it a
 *   story, where 〜たときに海が見える sets a viewpoint that is asked for;
 * - the topic of a study or a piece of writing (城下町の歴史について調べていて);
 * - what a scene evokes (駄菓子屋を思い出すような, 工場街を思わせる): the standard, not the thing;
 * - what the speaker likes (私は路面電車が大好きで、…), said before the request.
 * A span counts only when a scenery word follows it: the request itself is elsewhere in the query.
 */
import type { QueryToken } from './tokenizer.ts';

const CLAUSE_END = /^[、。,.!?！？\s]+$/u;
const SENTENCE_END = /^[。!?！？\n]+$/u;
const isPast = (t: QueryToken | undefined) => t?.pos === '助動詞' && t.basic === 'た';
// Nouns of time that make a past clause before them a time clause: 〜したとき, 〜した頃, 〜した際.
const TIME_NOUNS = new Set(['とき', '時', '頃', 'ころ', '際']);
// Words that make a sentence a request whatever its tense (見たかった, 探していました, 見せてほしかった).
const ASKING = new Set(['たい', 'ほしい', '欲しい', '探す', '見せる', '教える', '求める']);
const EVOKING = new Set(['思い出す', '思い起こす', '想起', '連想', '彷彿', '偲ぶ']);
const LIKING = new Set(['好き', '大好き']);

/** Where the clause holding token i starts: after the last punctuation before it. */
function clauseStart(tokens: readonly QueryToken[], i: number): number {
  for (let k = i - 1; k >= 0; k--)
    if (CLAUSE_END.test((tokens[k] as QueryToken).surface)) return (tokens[k] as QueryToken).end;
  return 0;
}

/** Spans of sentences whose last predicate is past and that ask for nothing. */
function pastSentences(tokens: readonly QueryToken[]): [number, number][] {
  const spans: [number, number][] = [];
  let first = 0;
  tokens.forEach((t, i) => {
    if (!SENTENCE_END.test(t.surface)) return;
    const sentence = tokens.slice(first, i);
    first = i + 1;
    let last = sentence.length - 1;
    while (last >= 0 && (sentence[last] as QueryToken).detail === '終助詞') last--;
    if (!isPast(sentence[last]) || sentence.some((w) => ASKING.has(w.basic))) return;
    spans.push([(sentence[0] as QueryToken).start, t.start]);
  });
  return spans;
}

// Words of a request sentence that point back to an earlier one as its content (そんな場所, そういう写真).
const POINTING_BACK = new Set('そんな そういう そう こんな こういう ああいう あんな その この あの'.split(' '));
const asks = (sentence: readonly QueryToken[]) =>
  sentence.some(
    (w) =>
      ASKING.has(w.basic) ||
      w.basic === 'くださる' ||
      w.basic === 'お願い' ||
      (w.surface === 'か' && w.detail.includes('終助詞') && sentence.indexOf(w) >= sentence.length - 2),
  );

/**
 * Spans of the sentences before the first that asks (〜を探しています, 〜はありますか, 〜を見せてください), unless that
 * one points back to them as its content (そんな場所を探しています): they tell why or what happened.
 */
function sentencesBeforeRequest(tokens: readonly QueryToken[]): [number, number][] {
  const sentences: QueryToken[][] = [[]];
  for (const t of tokens) {
    if (SENTENCE_END.test(t.surface)) sentences.push([]);
    else (sentences[sentences.length - 1] as QueryToken[]).push(t);
  }
  const request = sentences.findIndex(asks);
  if (request <= 0 || (sentences[request] as QueryToken[]).some((w) => POINTING_BACK.has(w.surface))) return [];
  return sentences
    .slice(0, request)
    .filter((s) => s.length > 0)
    .map((s) => [(s[0] as QueryToken).start, (s[s.length - 1] as QueryToken).end]);
}

/** The end of a 〜たとき clause at token i (the time noun) whose next predicate in the clause is past, or -1. */
function pastTimeClauseEnd(tokens: readonly QueryToken[], i: number): number {
  const t = tokens[i] as QueryToken;
  if (!TIME_NOUNS.has(t.surface) || !isPast(tokens[i - 1])) return -1;
  for (let k = i + 1; k < tokens.length; k++) {
    const w = tokens[k] as QueryToken;
    if (CLAUSE_END.test(w.surface)) return -1;
    if (w.pos === '動詞' || w.pos === '形容詞') return isPast(tokens[k + 1]) ? t.end : -1;
  }
  return -1;
}

/** The end of the topic marked by について at token i when a verb of the same clause acts on it, or -1. */
function topicEnd(tokens: readonly QueryToken[], i: number): number {
  const t = tokens[i] as QueryToken;
  if (t.surface !== 'について' && t.surface !== 'に関して') return -1;
  for (let k = i + 1; k < tokens.length; k++) {
    const w = tokens[k] as QueryToken;
    if (CLAUSE_END.test(w.surface)) return -1;
    if (w.pos === '動詞' || w.detail === 'サ変接続') return ASKING.has(w.basic) ? -1 : t.end;
  }
  return -1;
}

/** The end of what token i evokes (思い出す, 思わせる) or the speaker likes (〜が好きで、), or -1. */
function standardEnd(tokens: readonly QueryToken[], i: number): number {
  const t = tokens[i] as QueryToken;
  const evokes = EVOKING.has(t.basic) || (t.basic === '思う' && tokens[i + 1]?.basic === 'せる');
  if (evokes) return t.start;
  // A liking closed by a connective (好きで、好きなので), not a sentence's predicate (〜が好きです。).
  const next = tokens[i + 1];
  const connected = next?.surface === 'で' || (next?.surface === 'な' && tokens[i + 2]?.surface === 'ので');
  return LIKING.has(t.basic) && connected ? t.start : -1;
}

/** Background spans of the speaker's story and situation; `requestStarts`: offsets of the query's scenery words. */
export function storySpans(tokens: readonly QueryToken[], requestStarts: readonly number[]): [number, number][] {
  const spans = [...pastSentences(tokens), ...sentencesBeforeRequest(tokens)];
  tokens.forEach((_t, i) => {
    const end = Math.max(pastTimeClauseEnd(tokens, i), topicEnd(tokens, i), standardEnd(tokens, i));
    if (end >= 0) spans.push([clauseStart(tokens, i), end]);
  });
  return spans.filter(([, end]) => requestStarts.some((s) => s >= end));
}
