/**
 * match_score as an estimate of the probability that a result is right: every hard condition holds, read from the
 * evidence the result has for each one, the reading of each condition is right, and nothing set aside mattered.
 * The conditions are taken as independent, so the estimate is a product; each factor is the share of results with
 * that evidence that were right on the development queries (test/search-eval/queries.yaml and dev/score.yaml),
 * rounded. The same function serves the judge (mode jev) and the index (mode text), each with its own evidence.
 */

/** What a result shows about one condition, from the judge's rubric or from the index. */
export type Evidence =
  /** The judge found the category's evidence wording in a section where it belongs (rubric 3). */
  | 'stated'
  /** The judge found a mention (rubric 2) and the index tagged the scene with the category (whole words, not denied). */
  | 'mentioned_tagged'
  /** The judge found a mention the index's tagger did not take as the category (a word inside another phrase). */
  | 'mentioned'
  /** Mode text: the index tags the scene with the category. */
  | 'index_tag'
  /** Mode text: the condition's wording is among the scene's indexed words, without a tag. */
  | 'index_word'
  | 'not_mentioned'
  | 'stated_absent';

// A condition that must hold, by its evidence. A tagged mention is the surest: an evidence phrase stated in its
// section is often part of a longer statement about something else.
const PRESENT: Record<Evidence, number> = {
  stated: 0.6,
  mentioned_tagged: 0.85,
  mentioned: 0.6,
  index_tag: 0.75,
  index_word: 0.5,
  not_mentioned: 0.02,
  stated_absent: 0.02,
};
// A negated condition: a statement of absence is the best evidence; silence leaves the category likely present.
const ABSENT: Record<Evidence, number> = {
  stated: 0.05,
  mentioned_tagged: 0.05,
  mentioned: 0.05,
  index_tag: 0.05,
  index_word: 0.25,
  not_mentioned: 0.25,
  stated_absent: 0.45,
};
/** A soft condition left unmet costs this share of what it would have added: it ranks, it does not decide. */
const SOFT_SHARE = 0.3;
/** A search by words only: a word found in the text is a weak reading of what was asked. */
const TERM_FOUND = 0.3;
/** Beside conditions, each further query word the scene's text lacks: a tie-break more than evidence. */
const TERM_MISSING = 0.9;
/** Each condition whose only supporting passage also supports another condition (one phrase read twice). */
export const SHARED_PASSAGE = 0.6;
/** Each content word of the query set aside (not scenery, an unknown place, a negated word no category covers). */
export const DROPPED_WORD = 0.85;

export interface ConditionEvidence {
  negated: boolean;
  soft: boolean;
  /** How sure the reading of the query's wording as this condition is (conditions[].confidence). */
  confidence: number;
  evidence: Evidence;
}

/** Probability that one condition holds for the result and was read right (the reading's confidence squared). */
export function conditionProbability(c: ConditionEvidence): number {
  return (c.negated ? ABSENT : PRESENT)[c.evidence] * c.confidence ** 2;
}

/**
 * `all` (a query): the product over hard conditions, soft ones discounting a little when unmet; `any` (a preset):
 * the probability that at least one of its categories holds. With no condition, the words of `terms` decide.
 */
export function matchProbability(
  conditions: ConditionEvidence[],
  combine: 'all' | 'any',
  terms: { found: number; total: number },
): number {
  if (conditions.length === 0) return terms.total === 0 ? 0 : TERM_FOUND ** (terms.total - terms.found + 1);
  if (combine === 'any') return 1 - conditions.reduce((none, c) => none * (1 - conditionProbability(c)), 1);
  let p = TERM_MISSING ** (terms.total - terms.found);
  for (const c of conditions) {
    const q = conditionProbability(c);
    p *= c.soft ? 1 - SOFT_SHARE * (1 - q) : q;
  }
  return p;
}

/** The judge's rubric presence (0-3) and the index's tag as evidence. */
export function judgedEvidence(presence: 0 | 1 | 2 | 3, tagged: boolean): Evidence {
  if (presence === 3) return 'stated';
  if (presence === 2) return tagged ? 'mentioned_tagged' : 'mentioned';
  return presence === 1 ? 'not_mentioned' : 'stated_absent';
}
