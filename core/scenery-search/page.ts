/**
 * Puts one page together from the ranked candidates of this request and those ranked earlier but not yet shown.
 * A matching page shows only the candidates that satisfy every hard condition (judged ones first, best match_score
 * first; in mode text, those whose index entries support every condition). A candidate missing a hard condition is
 * never mixed into it: it waits in the cursor, and when no candidate satisfies every condition the page lists those
 * that satisfy the most (`related`).
 */
import { searchBudget } from './contract.ts';

/** A ranked candidate; JSON-serialisable because the unshown ones travel in the cursor. */
export interface Ranked {
  doc: number;
  tier: number;
  /** Order in which the stream produced it (ties keep stream order). */
  order: number;
  judged: boolean;
  /** match_score when judged, the index score otherwise. */
  score: number;
  passes: boolean;
  satisfied: number;
  confidence: number | null;
  probabilities: Record<string, number> | null;
  /** Its text holds partial evidence of an excluded thing (partial-mentions.ts): shown after the others. */
  demoted?: boolean;
  /**
   * Released requirements (`soft_by: sparse`) it lacks: shown after the results showing every one, whatever their
   * match_score, which weighs a lacking one as the wish it became (match-probability.ts `released_missing`).
   */
  lacking?: number;
  /**
   * Ranked by the index on a wording its bigrams hold, before its text was read: the rank may be too high (an
   * exact one is never higher), so the page reads the text and ranks it again before showing it (page-texts.ts).
   */
  unsure?: boolean;
}

export interface AssembledPage {
  shown: Ranked[];
  pending: Ranked[];
  related: boolean;
}

// Partial candidates kept for a later related page: one request's worth, so the cursor stays small.
const PARTIAL_KEPT = searchBudget.candidates;

function compare(a: Ranked, b: Ranked): number {
  if (a.judged !== b.judged) return a.judged ? -1 : 1;
  if (a.passes !== b.passes) return a.passes ? -1 : 1;
  if (a.demoted !== b.demoted) return a.demoted ? 1 : -1;
  return (a.lacking ?? 0) - (b.lacking ?? 0) || b.score - a.score || a.tier - b.tier || a.order - b.order;
}

const byMostSatisfied = (a: Ranked, b: Ranked) => b.satisfied - a.satisfied || compare(a, b);

/** Whether candidates on the cursor can fill a matching page without taking new ones. */
export const readyToShow = (r: Ranked) => r.passes;

export function assemblePage(pending: Ranked[], fresh: Ranked[], limit: number): AssembledPage {
  const pool = [...pending, ...fresh];
  const partial = pool.filter((r) => !r.passes && r.satisfied > 0).sort(byMostSatisfied);
  const passing = pool.filter((r) => r.passes).sort(compare);
  if (passing.length > 0) {
    const kept = partial.slice(0, PARTIAL_KEPT);
    return { shown: passing.slice(0, limit), pending: [...passing.slice(limit), ...kept], related: false };
  }
  if (partial.length > 0) return { shown: partial.slice(0, limit), pending: partial.slice(limit), related: true };
  // Nothing satisfies any condition: candidates ranked by the index alone (a search by words) keep their order.
  const unjudged = pool.filter((r) => !r.judged).sort(compare);
  return { shown: unjudged.slice(0, limit), pending: unjudged.slice(limit), related: false };
}
