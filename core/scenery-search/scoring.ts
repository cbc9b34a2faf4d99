/**
 * From presence (0-3 per condition) to what a result shows: whether it satisfies the conditions, match_score (the
 * rubric position normalised to 0-1, not a probability), match_confidence and match_probabilities.
 */
import { conditionWords } from './condition-words.ts';
import type { Presence } from './evidence.ts';
import type { Condition } from './interpretation-types.ts';

/** A condition as ranked: a category condition of the interpretation, or a plain text term. */
export interface RankedCondition {
  key: string;
  weight: number;
  negated: boolean;
  /** Soft conditions (interpretation.preferred) rank but never decide whether a result passes. */
  soft: boolean;
  /** Text terms help ranking; they are not conditions of the response (no probability is reported for them). */
  isTerm: boolean;
}

export interface Score {
  score: number;
  confidence: number;
  probabilities: Record<string, number>;
  satisfied: number;
  /** Category conditions (or, when there are none, terms) that count for passing. */
  required: number;
  passes: boolean;
}

// Presence → probability that the category is there; a judge's estimate, rounded for display.
const PRESENT_PROBABILITY = [0.03, 0.12, 0.7, 0.95] as const;

/** Rubric level of a condition (3 best): a negated condition is best when the category is stated absent. */
export function levelOf(presence: Presence, negated: boolean): number {
  return negated ? 3 - presence : presence;
}

export function rankedConditions(conditions: Condition[], textTerms: string[]): RankedCondition[] {
  const out: RankedCondition[] = conditions.map((c) => ({
    key: c.key,
    weight: c.weight,
    negated: c.negated,
    soft: c.soft,
    isTerm: false,
  }));
  const worded = conditionWords(conditions);
  for (const term of textTerms) {
    if (!worded.has(term))
      out.push({
        key: `text:${term}`,
        weight: conditions.length > 0 ? 0.4 : 1,
        negated: false,
        soft: false,
        isTerm: true,
      });
  }
  return out;
}

export function scorePresence(
  conditions: RankedCondition[],
  presence: Record<string, Presence>,
  combine: 'all' | 'any',
): Score {
  const categories = conditions.filter((c) => !c.isTerm && !c.soft);
  const terms = conditions.filter((c) => c.isTerm);
  const required = categories.length > 0 ? categories : terms;
  let weighted = 0;
  let weights = 0;
  let explicit = 0;
  let best = 0;
  let satisfied = 0;
  const probabilities: Record<string, number> = {};
  for (const c of conditions) {
    const p = presence[c.key] ?? 1;
    const level = levelOf(p, c.negated);
    weighted += c.weight * level;
    weights += c.weight;
    explicit += p === 1 ? 0.6 : 1;
    if (!c.isTerm) {
      const present = PRESENT_PROBABILITY[p];
      probabilities[c.key] = Math.round((c.negated ? 1 - present : present) * 100) / 100;
    }
    if (required.includes(c) && level >= 2) {
      satisfied++;
      best = Math.max(best, level);
    }
  }
  const average = weights > 0 ? weighted / weights / 3 : 0;
  const passes = combine === 'any' ? satisfied > 0 : satisfied === required.length;
  // A preset is satisfied by one strong category; more of them only add a little.
  const score = combine === 'any' ? 0.8 * (best / 3) + 0.2 * (satisfied / Math.max(1, required.length)) : average;
  return {
    score: Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000,
    confidence: conditions.length > 0 ? Math.round((explicit / conditions.length) * 100) / 100 : 1,
    probabilities,
    satisfied,
    required: required.length,
    passes: required.length === 0 ? true : passes,
  };
}
