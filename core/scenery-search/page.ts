/**
 * Puts one page together from the ranked candidates of this request and those ranked earlier but not yet shown.
 * Judged candidates that satisfy the conditions come first (best match_score first); candidates ranked by the index
 * only follow. When nothing satisfies every condition the page lists the candidates that satisfy the most (`related`).
 */

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
}

export interface AssembledPage {
  shown: Ranked[];
  pending: Ranked[];
  related: boolean;
}

function compare(a: Ranked, b: Ranked): number {
  if (a.judged !== b.judged) return a.judged ? -1 : 1;
  if (a.passes !== b.passes) return a.passes ? -1 : 1;
  return b.score - a.score || a.tier - b.tier || a.order - b.order;
}

export function assemblePage(pending: Ranked[], fresh: Ranked[], limit: number): AssembledPage {
  const pool = [...pending, ...fresh];
  // Judged candidates that fail a condition are dropped; unjudged ones (text mode, fallback) stay, ranked by index.
  const eligible = pool.filter((r) => !r.judged || r.passes).sort(compare);
  const anyPassing = eligible.some((r) => r.passes);
  if (!anyPassing) {
    const partial = pool.filter((r) => r.satisfied > 0).sort((a, b) => b.satisfied - a.satisfied || compare(a, b));
    if (partial.length > 0) return { shown: partial.slice(0, limit), pending: partial.slice(limit), related: true };
  }
  return { shown: eligible.slice(0, limit), pending: eligible.slice(limit), related: false };
}
