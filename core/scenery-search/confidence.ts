/**
 * How sure the reading of the query is. A condition read from a category's label is surest, one of its listed
 * wordings a little less, and wording found by a looser rule (readings, inflections, a thesaurus, an edit distance)
 * less again: `rule` names that rule when the lexicon reports one, else `matched_by` decides. The interpretation is
 * as sure as its least sure condition.
 */
import { conditionWords } from './condition-words.ts';
import type { Condition, Interpretation } from './interpretation-types.ts';

const BY_RULE: Record<string, number> = {
  preset: 1,
  label: 1,
  synonym: 0.9,
  particle: 0.85,
  inflection: 0.8,
  conjugation: 0.8,
  reading: 0.8,
  thesaurus: 0.7,
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

const DROPPED: ReadonlySet<string> = new Set(['not_scenery', 'unknown_place', 'negated_word']);
// A word looked up in the text index is a weaker reading than a category: it counts half as understood.
const TERM_SHARE = 0.5;

/**
 * The share of the query's content that was searched as scenery: its conditions, and half of each extra text term,
 * against all of those plus the content words set aside (not scenery, an unknown place, a negated word no category
 * covers). A result can match what was understood and still miss what was not, so its match_score is discounted by
 * this share.
 */
export function queryCoverage(interpretation: Pick<Interpretation, 'conditions' | 'text_terms' | 'ignored'>): number {
  const worded = conditionWords(interpretation.conditions);
  const conditions = interpretation.conditions.length;
  const terms = interpretation.text_terms.filter((t) => !worded.has(t)).length;
  const dropped = interpretation.ignored.filter((w) => DROPPED.has(w.reason)).length;
  const all = conditions + terms + dropped;
  return all === 0 ? 1 : (conditions + TERM_SHARE * terms) / all;
}
