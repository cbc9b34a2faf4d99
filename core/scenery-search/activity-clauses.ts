/**
 * Clauses that say what the visitor could do in the place rather than what it shows: a clause whose predicate is
 * できる before よう(な), 自転車に乗る練習をできるような, ベンチに座ってゆっくりできるような. A scenery word in it marked by
 * に is what the visitor's action reaches (a bicycle to ride, a bench to sit on): a wish that ranks and never
 * filters. The route or place of the action (川沿いを散歩できるような, 公園で遊べる) stays asked for.
 */
import type { QueryToken } from './tokenizer.ts';

const CLAUSE_END = /^[、。,.!?！？\s]+$/u;

// Not the potential of a verb of seeing (見られる, 見える): what can be seen there is what the place shows.
const isPotential = (t: QueryToken) => t.pos === '動詞' && (t.basic === 'できる' || t.basic === '出来る');

/** Spans of the query that activity clauses cover, from the clause's start to its できる. */
export function activitySpans(tokens: readonly QueryToken[]): [number, number][] {
  const spans: [number, number][] = [];
  let start = 0;
  tokens.forEach((t, i) => {
    if (CLAUSE_END.test(t.surface)) start = t.end;
    else if (isPotential(t) && tokens[i + 1]?.surface === 'よう') spans.push([start, t.end]);
  });
  return spans;
}

/** Whether the word ending at `end` is marked by the case particle に. */
export function reachedByAction(tokens: readonly QueryToken[], end: number): boolean {
  const next = tokens.find((t) => t.start >= end);
  return next !== undefined && next.start === end && next.surface === 'に' && next.pos === '助詞';
}
