/**
 * How rare each category is in an index: the share of its scenes tagged with it. A condition on a rare category is
 * a specific thing, named by few wordings; a common one is also read from looser wordings and matches scenes whose
 * text states it only in passing, so its full matches are right less often across queries (match-probability.ts
 * `rarity`). Counted once per index, in one pass over its tags.
 */
import type { Corpus } from './corpus.ts';

const shares = new WeakMap<Corpus, Float64Array>();

/** Per category index, the share of the index's scenes tagged with it (an untagged category counts one scene). */
export function categoryShares(corpus: Corpus): Float64Array {
  let out = shares.get(corpus);
  if (out) return out;
  const counts = new Float64Array(256);
  for (const category of corpus.tagIds) counts[category] = (counts[category] as number) + 1;
  const size = Math.max(1, corpus.size);
  out = counts.map((n) => Math.max(1, n) / size);
  shares.set(corpus, out);
  return out;
}

/** The share of scenes tagged with one category (-1 when the catalogue has no such category: no factor). */
export function categoryShare(corpus: Corpus, category: number): number {
  return category < 0 ? -1 : (categoryShares(corpus)[category] ?? -1);
}
