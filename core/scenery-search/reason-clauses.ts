/**
 * A subordinate clause that gives the speaker's reason or sets the scene before a request, closed by a comma:
 * a cause (駅の近くに住んでいるので、, 日課だから、, 商店街の近くで働いているため、) or a prefatory 〜が / 〜けど after a
 * polite or plain predicate (海の近くに住んでいるのですが、). It tells why the speaker asks, not what to show: its
 * scenery words are background. A clause that asks or wishes (〜を探しているのですが、, 公園で遊ばせたいので、: the
 * place of what the speaker wants to do) stays asked for, and the span counts only when a scenery word follows it.
 */
import type { QueryToken } from './tokenizer.ts';

const CLAUSE_END = /^[、。,.!?！？\s]+$/u;
const COMMA = /^[、,]$/u;
const ASKING = new Set(['たい', 'ほしい', '欲しい', '探す', '見せる', '教える', '求める', '知る']);
const CAUSES = new Set(['ので', 'から']);
const PREFATORY = new Set(['が', 'けど', 'けれど', 'けれども']);

const isPredicateEnd = (t: QueryToken | undefined) => t !== undefined && (t.pos === '動詞' || t.pos === '助動詞');

/** The end of a reason or prefatory connective at token i that a comma closes, or -1. */
function connectiveEnd(tokens: readonly QueryToken[], i: number): number {
  const t = tokens[i] as QueryToken;
  const next = tokens[i + 1];
  if (t.pos === '助詞' && t.detail === '接続助詞') {
    const reason = CAUSES.has(t.surface) || (PREFATORY.has(t.surface) && tokens[i - 1]?.pos === '助動詞');
    return reason && next !== undefined && COMMA.test(next.surface) ? t.end : -1;
  }
  // ため after a predicate (働いているため、), not after a noun (健康のため: a purpose).
  if (t.surface === 'ため' && t.pos === '名詞' && isPredicateEnd(tokens[i - 1])) {
    const after = next?.surface === 'に' ? tokens[i + 2] : next;
    return after !== undefined && COMMA.test(after.surface) ? t.end : -1;
  }
  return -1;
}

/** Background spans of reason and prefatory clauses; `requestStarts`: offsets of the query's scenery words. */
export function reasonSpans(tokens: readonly QueryToken[], requestStarts: readonly number[]): [number, number][] {
  const spans: [number, number][] = [];
  let start = 0;
  tokens.forEach((t, i) => {
    const end = connectiveEnd(tokens, i);
    if (end >= 0) {
      const clause = tokens.filter((w) => w.start >= start && w.end <= end);
      if (!clause.some((w) => ASKING.has(w.basic)) && requestStarts.some((s) => s >= end)) spans.push([start, end]);
    }
    if (CLAUSE_END.test(t.surface)) start = t.end;
  });
  return spans;
}
