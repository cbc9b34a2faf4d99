/**
 * How sure the reading of the query is. A condition read from a category's label is surest, one of its listed
 * wordings a little less, and wording found by a looser rule (readings, inflections, a thesaurus, an edit distance)
 * less again: `rule` names that rule when the lexicon reports one, else `matched_by` decides. The interpretation is
 * as sure as its least sure condition.
 */
import type { Condition } from './interpretation-types.ts';

const BY_RULE: Record<string, number> = {
  preset: 1,
  label: 1,
  synonym: 0.9,
  particle: 0.85,
  inflection: 0.8,
  conjugation: 0.8,
  reading: 0.8,
  thesaurus: 0.7,
  hypernym: 0.7,
  description: 0.7,
  fuzzy: 0.6,
};
// An unknown rule is taken as loose as the loosest known one.
const UNKNOWN_RULE = 0.6;

export function conditionConfidence(condition: Pick<Condition, 'matched_by'> & { rule?: string }): number {
  return BY_RULE[condition.rule ?? condition.matched_by] ?? UNKNOWN_RULE;
}

/** The least sure condition's confidence; null when nothing was understood as a condition. */
export function interpretationConfidence(conditions: Pick<Condition, 'confidence'>[]): number | null {
  if (conditions.length === 0) return null;
  return Math.min(...conditions.map((c) => c.confidence));
}
