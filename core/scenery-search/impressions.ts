/**
 * Impressions in a request written as prose, read soft (they rank, never filter): in a sentence closed after its
 * predicate (…懐かしい雰囲気の商店街の写真を探しています。), a word naming an impression of the place (懐かしい雰囲気,
 * 静かな, 寂れた) describes the concrete thing asked for beside it, which stays required; requiring both as well as
 * the sentence's other conditions leaves a long request almost no scene. A bare noun phrase (静かな住宅街, レトロな
 * 路地) keeps the impression required: there it is half of what is asked for.
 */
import type { QueryToken } from './tokenizer.ts';

/**
 * The catalogue's atmosphere categories whose labels name an impression of the place (静かな通り, レトロな雰囲気,
 * 懐かしい風景, 寂れた雰囲気 …), not a state a photograph shows as such (濡れた路面, 夕暮れ, 晴れた青空, 日陰の道, 空が広い).
 */
export const IMPRESSIONS: ReadonlySet<string> = new Set([
  'quiet_street',
  'lively_street',
  'retro_atmosphere',
  'nostalgic_scenery',
  'run_down',
  'lived_in',
  'cluttered',
]);

const SENTENCE_END = /^[。.!?！？]+$/u;
const PREDICATE = new Set(['動詞', '助動詞', '形容詞']);

/** Whether the query is prose: a sentence end (。！？) right after a predicate or a sentence-final particle. */
export function isProse(tokens: readonly QueryToken[]): boolean {
  return tokens.some((t, i) => {
    const prev = tokens[i - 1];
    return SENTENCE_END.test(t.surface) && prev !== undefined && (PREDICATE.has(prev.pos) || prev.pos === '助詞');
  });
}

/**
 * For each reading, whether the `impression` rule makes it soft: an impression still required, in prose, while a
 * concrete condition (required and affirmed) stands for the request.
 */
export function impressionRule(
  tokens: readonly QueryToken[],
  categories: readonly { id: string }[],
  settled: readonly { soft: boolean; negated: boolean }[],
): boolean[] {
  const required = (i: number) => !settled[i]?.soft && !settled[i]?.negated;
  const concrete = categories.some((c, i) => required(i) && !IMPRESSIONS.has(c.id));
  const prose = concrete && isProse(tokens);
  return categories.map((c, i) => prose && required(i) && IMPRESSIONS.has(c.id));
}
