/**
 * match_score as an estimate of the probability that a result is right: every hard condition holds, read from the
 * evidence the result has for each one, the reading of each condition is right, and nothing set aside mattered.
 * The conditions are taken as independent, so the estimate is a product; each factor is the share of results with
 * that evidence that were right on the development queries (test/search-eval/queries.yaml and dev/score.yaml),
 * rounded, and written in the spec (`x-match-score` of Scene.match_score). One is set by order rather than by share:
 * a statement in the category's own section is right less often across queries (harder queries produce more of
 * them) but more often than a mere mention within one query, and the page is ranked by this estimate, so it stays
 * above a tagged mention. The same function serves the judge (mode jev) and the index (mode text), each with its own evidence.
 */
import { readSpec, specFiles } from '../spec.ts';
import { isHedged, sourceName, type TagSource } from './tag-source.ts';

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

interface Factors {
  /** A condition by the rule that read it (conditions[].rule): the share of right results, relative to a label. */
  reading: Record<string, number>;
  /** A condition that must hold, by its evidence. */
  present: Record<Evidence, number>;
  /** A negated condition, by the evidence of its category. */
  absent: Record<Evidence, number>;
  /** A soft condition left unmet costs this share of what it would have added: it ranks, it does not decide. */
  soft_share: number;
  /**
   * A requirement a sparse long request released to a wish (sparse-conditions.ts), unmet: the share of right
   * results among those lacking one. Met, it counts as the requirement it was.
   */
  released_missing: number;
  /** A search by words only: a word found in the text is a weak reading of what was asked. */
  term_found: number;
  /** Beside conditions, each further query word the scene's text lacks: a tie-break more than evidence. */
  term_missing: number;
  /** Each condition whose only supporting passage also supports another condition (one phrase read twice). */
  shared_passage: number;
  /** Each content word of the query set aside (not scenery, an unknown place, a negated word no category covers). */
  dropped_word: number;
  /** A condition found in the scene by another of the category's wordings than the one the query used (店 for 商店街). */
  unworded: number;
  /** Each passage beyond the first that states a hard condition: a thing the scene shows is said more than once. */
  further_passage: number;
  /** Passages counted per condition; more say nothing new. */
  passages_counted: number;
  /** A condition the scene is tagged with, by what made the tag (tag-source.ts): its share of right tags. */
  tag_source: Record<TagSource, number>;
  /** A tag every statement of which was hedged (〜らしき, 〜のようだ). */
  hedged: number;
  /**
   * A result whose text names the head of an excluded thing without what would tag it (partial-mentions.ts): a
   * word of the excluded category found untagged, as `absent.index_word` is to `absent.not_mentioned`.
   */
  partial_exclusion: number;
  /**
   * A hard condition multiplies by the share of the index's scenes tagged with its category to the power of minus
   * this (category-rarity.ts): a query of rare things is right more often than its product of factors says.
   */
  rarity: number;
  /**
   * A query of which less than this share of its content was read (read-share.ts) multiplies by its share over this:
   * the search understood only part of the request, so a full match of that part is less sure.
   */
  read_share: number;
}

// The factors are written once, beside the description of match_score in the spec.
const FACTORS = (() => {
  const schemas = (readSpec(specFiles.scenerySearch).document.components as { schemas: Record<string, unknown> })
    .schemas as Record<string, { properties?: Record<string, Record<string, unknown>> }>;
  const factors = schemas.Scene?.properties?.match_score?.['x-match-score'] as Factors | undefined;
  if (!factors) throw new Error(`${specFiles.scenerySearch}: Scene.match_score has no x-match-score`);
  return factors;
})();
export const SHARED_PASSAGE = FACTORS.shared_passage;
export const DROPPED_WORD = FACTORS.dropped_word;
export const UNWORDED = FACTORS.unworded;
export const PARTIAL_EXCLUSION = FACTORS.partial_exclusion;
export const READ_SHARE = FACTORS.read_share;
export const RELEASED_MISSING = FACTORS.released_missing;

/** The factor of the passages stating each hard condition (one count per condition; 0 when none is quoted). */
export function passagesFactor(counts: number[]): number {
  let factor = 1;
  for (const n of counts) if (n > 1) factor *= FACTORS.further_passage ** (Math.min(n, FACTORS.passages_counted) - 1);
  return factor;
}

export interface ConditionEvidence {
  negated: boolean;
  soft: boolean;
  /** The rule that read the query's wording as this condition (conditions[].rule). */
  rule: string;
  evidence: Evidence;
  /** Whether the query's wording (or the catalogue wording it was read as) is among the scene's words; default true. */
  worded?: boolean;
  /** The stored source of the scene's tag of the category (tag-source.ts); absent or negative when untagged. */
  source?: number;
  /** The share of the index's scenes tagged with the condition's category (category-rarity.ts); absent: no factor. */
  share?: number;
  /** A requirement released to a wish because too few scenes show every one (`soft_by: sparse`). */
  released?: boolean;
}

/** How sure a tag is by what made it (1 for the surest sources). */
export function tagSourceFactor(source: number | undefined): number {
  if (source === undefined || source < 0) return 1;
  return (FACTORS.tag_source[sourceName(source)] ?? 1) * (isHedged(source) ? FACTORS.hedged : 1);
}

/** How much a condition on a category tagged on `share` of the scenes raises the score (1 when unknown). */
export function rarityFactor(share: number | undefined): number {
  return share === undefined || share <= 0 ? 1 : share ** -FACTORS.rarity;
}

// A rule the spec does not list is taken as its least right one.
const UNLISTED_RULE = Math.min(...Object.values(FACTORS.reading));

/**
 * Probability that one condition holds for the result and was read right. The reading enters by how often results
 * of its rule were right, not by the reading's confidence: on the development queries a fuzzy or thesaurus reading
 * that finds its category in a scene is right as often as a label (a misspelt word still names one thing), so
 * the square of the confidence lowered right results below wrong ones of other queries.
 */
const isFound = (evidence: Evidence) => evidence !== 'not_mentioned' && evidence !== 'stated_absent';

/** Whether a result lacks a released requirement: it is ranked after those showing every one (page.ts). */
export const lacksReleased = (c: Pick<ConditionEvidence, 'released' | 'evidence'>) =>
  c.released === true && !isFound(c.evidence);

export function conditionProbability(c: ConditionEvidence): number {
  const found = isFound(c.evidence);
  const unworded = !c.negated && found && c.worded === false ? UNWORDED : 1;
  const reading = FACTORS.reading[c.rule] ?? UNLISTED_RULE;
  // Rarity speaks for a match: a rare thing's silence is no surer than a common one's.
  const sure = c.negated || c.soft ? 1 : tagSourceFactor(c.source) * (found ? rarityFactor(c.share) : 1);
  return (c.negated ? FACTORS.absent : FACTORS.present)[c.evidence] * unworded * reading * sure;
}

/**
 * `all` (a query): the product over hard conditions, soft ones discounting a little when unmet, a released
 * requirement by the share of right results lacking one; `any` (a preset):
 * the probability that at least one of its categories holds. With no condition, the words of `terms` decide.
 */
export function matchProbability(
  conditions: ConditionEvidence[],
  combine: 'all' | 'any',
  terms: { found: number; total: number },
): number {
  if (conditions.length === 0) return terms.total === 0 ? 0 : FACTORS.term_found ** (terms.total - terms.found + 1);
  if (combine === 'any')
    return 1 - conditions.reduce((none, c) => none * (1 - Math.min(1, conditionProbability(c))), 1);
  let p = FACTORS.term_missing ** (terms.total - terms.found);
  // The kinds a negated word reaches (rule hypernym: 木 → 大きな木, 並木 …) state one absence: one factor, their least.
  let kinds = 1;
  for (const c of conditions) {
    const q = conditionProbability(c);
    const factor = c.soft ? 1 - FACTORS.soft_share * (1 - q) : lacksReleased(c) ? FACTORS.released_missing : q;
    if (c.rule === 'hypernym' && c.negated) kinds = Math.min(kinds, factor);
    else p *= factor;
  }
  return belowOne(p * kinds);
}

// Above this an estimate's factors still order results, bent so that they stay below 1 without meeting there.
const KNEE = 0.9;

/**
 * An estimate kept below 1 and in its order: the factors that raise it (rarity, further passages) may pass 1, and
 * clipping would tie the best results of a page, reordering it by chance.
 */
export function belowOne(p: number): number {
  return p <= KNEE ? p : 1 - (1 - KNEE) * Math.exp(-(p - KNEE) / (1 - KNEE));
}

/** The judge's rubric presence (0-3) and the index's tag as evidence. */
export function judgedEvidence(presence: 0 | 1 | 2 | 3, tagged: boolean): Evidence {
  if (presence === 3) return 'stated';
  if (presence === 2) return tagged ? 'mentioned_tagged' : 'mentioned';
  return presence === 1 ? 'not_mentioned' : 'stated_absent';
}
