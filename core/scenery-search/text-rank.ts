/**
 * Ranking by the index alone (mode text, and judge fallback). Each condition is checked against the document's
 * index entries: a category tag supports it, its wording in the text index less surely; a negated condition is
 * supported when the document is not tagged with it. The score is the probability estimate of
 * match-probability.ts from that evidence. Soft conditions add to the score but never decide whether a document
 * passes. No observation is read here: the index is the only evidence, and a wording is checked by `has`, which is
 * exact once the page knows the candidate's text (page-texts.ts).
 */
import { categoryShare } from './category-rarity.ts';
import { conditionWords } from './condition-words.ts';
import { type Corpus, tagSourceOf } from './corpus.ts';
import type { Interpretation } from './interpretation-types.ts';
import { type ConditionEvidence, type Evidence, lacksReleased, matchProbability } from './match-probability.ts';
import type { TermCheck } from './page-texts.ts';
import { contains, EMPTY_POSTINGS } from './postings.ts';
import { discountsLittle, isReleased } from './sparse-conditions.ts';

export interface IndexCheck {
  /** 0-1 index score of a document: the estimated probability that it is right, from its index entries. */
  score: number;
  /** Whether every hard condition has index support (with no condition: every term). */
  full: boolean;
  supported: number;
  /** Keys of conditions the index does not support for this document. */
  unsupported: string[];
  /** Released requirements (`soft_by: sparse`) the document lacks: it is ranked after those showing them. */
  lacking: number;
}

export interface TextRanker {
  score(doc: number): IndexCheck;
}

export function createTextRanker(corpus: Corpus, interpretation: Interpretation, hasTerm: TermCheck): TextRanker {
  // Only a page's worth of documents is scored, so terms are checked per document rather than as postings.
  const has = (term: string | null) => (doc: number) => term !== null && term.length > 0 && hasTerm(doc, term);
  const parts = interpretation.conditions.map((c) => ({
    key: c.key,
    negated: c.negated,
    soft: c.soft,
    scoredSoft: discountsLittle(c),
    released: isReleased(c),
    rule: c.rule,
    category: corpus.categoryIndex.get(c.category_id) ?? -1,
    share: categoryShare(corpus, corpus.categoryIndex.get(c.category_id) ?? -1),
    tagged: corpus.categoryDocs[corpus.categoryIndex.get(c.category_id) ?? -1] ?? EMPTY_POSTINGS,
    worded: has(c.matched_text),
    wordedAs: has(c.matched_wording ?? null),
  }));
  const hard = parts.filter((p) => !p.soft).length;
  const worded = conditionWords(interpretation.conditions);
  const terms = interpretation.text_terms.filter((t) => !worded.has(t)).map(has);
  const any = interpretation.combine === 'any';

  return {
    score(doc) {
      let supported = 0;
      const unsupported: string[] = [];
      const evidence: ConditionEvidence[] = [];
      for (const part of parts) {
        const tagged = contains(part.tagged, doc);
        const worded = part.worded(doc) || part.wordedAs(doc);
        const found: Evidence = tagged ? 'index_tag' : !part.negated && worded ? 'index_word' : 'not_mentioned';
        const source = tagged ? tagSourceOf(corpus, doc, part.category) : -1;
        evidence.push({
          negated: part.negated,
          soft: part.scoredSoft,
          rule: part.rule,
          evidence: found,
          worded,
          source,
          share: part.share,
          released: part.released,
        });
        if (part.negated ? tagged : found === 'not_mentioned') unsupported.push(part.key);
        else if (!part.soft) supported++;
      }
      let termHits = 0;
      for (const hasTerm of terms) if (hasTerm(doc)) termHits++;
      const full = any ? supported > 0 : hard > 0 ? supported === hard : termHits === terms.length;
      const score = matchProbability(evidence, interpretation.combine, { found: termHits, total: terms.length });
      return {
        score: Math.round(score * 1000) / 1000,
        full,
        supported: supported + termHits,
        unsupported,
        lacking: evidence.filter(lacksReleased).length,
      };
    },
  };
}
