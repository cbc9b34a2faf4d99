/**
 * A long request names several things, and the scenes showing every one of them can be too few to fill a page
 * while many show all but one: a page of scenes meeting most wishes serves it better than a short or `related` one.
 * So, while fewer than SPARSE_BELOW scenes of the index are tagged with every required category and more than
 * MIN_REQUIRED remain, one requirement is read as a wish instead (soft, `sparse`; releaseRank says which): it still
 * ranks the results, and the page says which conditions were kept. A release that gains no scene is not made.
 */
import type { Condition } from './interpretation-types.ts';

/** Fewer scenes than one request's page budget of candidates with every requirement: the intersection is sparse. */
export const SPARSE_BELOW = 24;
/** Two requirements always stay: a request of two things asks for both, and one thing alone is not the request. */
const MIN_REQUIRED = 2;
/** A request shorter than this (folded characters) names its few things deliberately; all stay required. */
export const LONG_REQUEST_CHARS = 40;

/** How many scenes of the index are tagged with every one of these categories. */
export type CountTogether = (categoryIds: readonly string[]) => number;

const required = (c: Condition) => !c.negated && !c.soft;

/**
 * Which requirement goes first: an impression (静かな, 懐かしい) before a thing, then the commonest thing: a request
 * is about its specific, rare things, and a common one (a road, a view of the sea) is more often said in passing.
 */
function releaseRank(c: Condition, countTogether: CountTogether): number {
  return (c.group === 'atmosphere' ? 1e9 : 0) + countTogether([c.category_id]);
}

/** The conditions with the sparse requirements read soft (a new array; the others unchanged). */
export function relaxSparseConditions(
  conditions: readonly Condition[],
  queryLength: number,
  countTogether: CountTogether,
  softWeight: number,
): Condition[] {
  const out = [...conditions];
  if (queryLength < LONG_REQUEST_CHARS) return out;
  for (;;) {
    const hard = out.flatMap((c, i) => (required(c) ? [i] : []));
    if (hard.length <= MIN_REQUIRED) return out;
    const ids = hard.map((i) => (out[i] as Condition).category_id);
    const together = countTogether(ids);
    if (together >= SPARSE_BELOW) return out;
    let best = -1;
    let bestRank = Number.NEGATIVE_INFINITY;
    for (const i of hard) {
      const c = out[i] as Condition;
      if (countTogether(ids.filter((id) => id !== c.category_id)) <= together) continue;
      const rank = releaseRank(c, countTogether);
      if (rank > bestRank) [best, bestRank] = [i, rank];
    }
    // Releasing a requirement that gains no scene (an index without these categories) only loosens the reading.
    if (best < 0) return out;
    const c = out[best] as Condition;
    out[best] = { ...c, soft: true, soft_by: 'sparse', weight: Math.round(c.weight * softWeight * 100) / 100 };
  }
}

/**
 * Whether a soft condition only discounts a little when unmet (match-probability.ts `soft_share`). A released
 * requirement does not: met, it counts as the requirement it was; lacking, by the share of right results lacking one
 * (`released_missing`), and the page shows the scenes meeting every requirement first (page.ts `lacking`).
 */
export const discountsLittle = (c: { soft: boolean; soft_by?: string }) => c.soft && !isReleased(c);

/** Whether a condition is a requirement a sparse long request released to a wish. */
export const isReleased = (c: { soft_by?: string }) => c.soft_by === 'sparse';
