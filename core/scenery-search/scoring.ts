/**
 * From presence (0-3 per condition) to what a result shows: whether it satisfies the conditions, its estimated
 * probability of being right (match-probability.ts; match_score before the page's discounts), match_confidence and
 * match_probabilities.
 */
import { categoryShare } from './category-rarity.ts';
import { conditionWords } from './condition-words.ts';
import { type Corpus, tagSourceOf } from './corpus.ts';
import { type CategoryMatcher, type FoldCache, foldObservation, type Presence, supportingLeaves } from './evidence.ts';
import type { Condition } from './interpretation-types.ts';
import { belowOne, judgedEvidence, lacksReleased, matchProbability, passagesFactor } from './match-probability.ts';
import type { SearchableObservation } from './observation-text.ts';
import type { TermCheck } from './page-texts.ts';
import { contains, EMPTY_POSTINGS } from './postings.ts';
import { discountsLittle, isReleased } from './sparse-conditions.ts';

/** A condition as ranked: a category condition of the interpretation, or a plain text term. */
export interface RankedCondition {
  key: string;
  weight: number;
  negated: boolean;
  /** Soft conditions (interpretation.preferred) rank but never decide whether a result passes. */
  soft: boolean;
  /** The clause rule that read it soft (conditions[].soft_by). */
  soft_by?: string;
  /** Text terms help ranking; they are not conditions of the response (no probability is reported for them). */
  isTerm: boolean;
  /** How sure the reading of this condition is (1 for a text term). */
  confidence: number;
  /** The rule that read it (conditions[].rule; a text term is taken as written). */
  rule: string;
}

export interface Score {
  score: number;
  confidence: number;
  probabilities: Record<string, number>;
  satisfied: number;
  /** Category conditions (or, when there are none, terms) that count for passing. */
  required: number;
  passes: boolean;
  /** Released requirements (`soft_by: sparse`) the result lacks: it is ranked after those showing them (page.ts). */
  lacking: number;
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
    ...(c.soft_by ? { soft_by: c.soft_by } : {}),
    isTerm: false,
    confidence: c.confidence,
    rule: c.rule,
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
        confidence: 1,
        rule: 'label',
      });
  }
  return out;
}

/** What the index holds of one scene for a condition key. */
export interface IndexSupport {
  /** The scene is tagged with the condition's category (a mention the tagger also took as the category is surer). */
  tagged(key: string): boolean;
  /** The query's wording of the condition is among the scene's words (not only another wording of the category). */
  worded(key: string): boolean;
  /** The stored source of the scene's tag for the condition (tag-source.ts), -1 when untagged. */
  source?(key: string): number;
  /** The share of the index's scenes tagged with the condition's category (category-rarity.ts). */
  share?(key: string): number;
}

const NO_INDEX: IndexSupport = { tagged: () => false, worded: () => true };

/**
 * `passages`: per hard condition, how many passages of the observation state it (passageCounter). Given, the score
 * counts them, so the page is cut by the score its results show rather than by one that ignores them.
 */
export function scorePresence(
  conditions: RankedCondition[],
  presence: Record<string, Presence>,
  combine: 'all' | 'any',
  index: IndexSupport = NO_INDEX,
  passages: Record<string, number> = {},
): Score {
  const categories = conditions.filter((c) => !c.isTerm && !c.soft);
  const terms = conditions.filter((c) => c.isTerm);
  const required = categories.length > 0 ? categories : terms;
  let explicit = 0;
  let satisfied = 0;
  const probabilities: Record<string, number> = {};
  for (const c of conditions) {
    const p = presence[c.key] ?? 1;
    const level = levelOf(p, c.negated);
    explicit += p === 1 ? 0.6 : 1;
    if (!c.isTerm) {
      const present = PRESENT_PROBABILITY[p];
      probabilities[c.key] = Math.round((c.negated ? 1 - present : present) * 100) / 100;
    }
    if (required.includes(c) && level >= 2) {
      satisfied++;
    }
  }
  const passes = combine === 'any' ? satisfied > 0 : satisfied === required.length;
  const evidence = conditions
    .filter((c) => !c.isTerm)
    .map((c) => ({
      ...c,
      soft: discountsLittle(c),
      evidence: judgedEvidence(presence[c.key] ?? 1, index.tagged(c.key)),
      worded: index.worded(c.key),
      source: index.source?.(c.key) ?? -1,
      share: index.share?.(c.key),
      released: isReleased(c),
    }));
  const stated = conditions.filter((c) => !c.isTerm && !c.soft && !c.negated && (presence[c.key] ?? 1) >= 2);
  const score =
    matchProbability(evidence, combine, {
      found: terms.filter((t) => (presence[t.key] ?? 1) >= 2).length,
      total: terms.length,
    }) * passagesFactor(stated.map((c) => passages[c.key] ?? 0));
  return {
    score: Math.round(belowOne(Math.max(0, score)) * 1000) / 1000,
    confidence: conditions.length > 0 ? Math.round((explicit / conditions.length) * 100) / 100 : 1,
    probabilities,
    satisfied,
    required: required.length,
    passes: required.length === 0 ? true : passes,
    lacking: evidence.filter(lacksReleased).length,
  };
}

/** The index's support of each condition for a document: its category tag, and its wording in the text (`hasTerm`). */
export function indexSupport(
  corpus: Corpus,
  conditions: Condition[],
  hasTerm: TermCheck,
): (doc: number) => IndexSupport {
  const byKey = new Map(
    conditions.map((c) => [
      c.key,
      {
        category: corpus.categoryIndex.get(c.category_id) ?? -1,
        postings: corpus.categoryDocs[corpus.categoryIndex.get(c.category_id) ?? -1] ?? EMPTY_POSTINGS,
        wordings: [c.matched_text, c.matched_wording].filter((w): w is string => typeof w === 'string' && w !== ''),
      },
    ]),
  );
  return (doc) => ({
    tagged: (key) => {
      const c = byKey.get(key);
      return c !== undefined && contains(c.postings, doc);
    },
    worded: (key) => {
      const c = byKey.get(key);
      return c === undefined || c.wordings.length === 0 || c.wordings.some((w) => hasTerm(doc, w));
    },
    source: (key) => {
      const c = byKey.get(key);
      return c === undefined ? -1 : tagSourceOf(corpus, doc, c.category);
    },
    share: (key) => categoryShare(corpus, byKey.get(key)?.category ?? -1),
  });
}

/**
 * Per hard condition, the passages (leaves) of a judged candidate that state it (evidence.ts supportingLeaves; the
 * tagger only where no phrase or wording states it, since every candidate of the page is counted).
 */
export function passageCounter(
  conditions: Condition[],
  matcherFor: (categoryId: string) => CategoryMatcher | null,
  folds?: FoldCache,
): (observation: SearchableObservation) => Record<string, number> {
  const hard = conditions
    .filter((c) => !c.negated && !c.soft)
    .map((c) => ({ key: c.key, matcher: matcherFor(c.category_id) }));
  return (observation) => {
    const doc = foldObservation(observation, folds);
    const counts: Record<string, number> = {};
    for (const { key, matcher } of hard) if (matcher) counts[key] = supportingLeaves(doc, matcher, false);
    return counts;
  };
}
