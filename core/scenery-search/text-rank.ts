/**
 * Ranking by the index alone (mode text, and judge fallback): category tags count fully, the condition's wording in
 * the text index half, other text terms a little. No observation is read, so no condition is verified.
 */
import type { Corpus } from './corpus.ts';
import type { Interpretation } from './interpretation-types.ts';
import { contains, EMPTY_POSTINGS } from './postings.ts';

export interface TextRanker {
  /** 0-1 index score of a document, and whether every positive condition has index support. */
  score(doc: number): { score: number; full: boolean; supported: number };
}

export function createTextRanker(corpus: Corpus, interpretation: Interpretation): TextRanker {
  const positive = interpretation.conditions.filter((c) => !c.negated);
  // Only a page's worth of documents is scored, so terms are checked per document rather than as postings.
  const has = (term: string | null) => (doc: number) =>
    term !== null && term.length > 0 && corpus.text.docHasTerm(doc, term);
  const parts = positive.map((c) => ({
    weight: c.weight,
    tagged: corpus.categoryDocs[corpus.categoryIndex.get(c.category_id) ?? -1] ?? EMPTY_POSTINGS,
    worded: has(c.matched_text),
  }));
  const worded = new Set(positive.map((c) => c.matched_text));
  const terms = interpretation.text_terms.filter((t) => !worded.has(t)).map(has);
  const termWeight = positive.length > 0 ? 0.4 : 1;
  const total = parts.reduce((sum, p) => sum + p.weight, 0) + terms.length * termWeight;
  const any = interpretation.combine === 'any';

  return {
    score(doc) {
      let sum = 0;
      let supported = 0;
      for (const part of parts) {
        if (contains(part.tagged, doc)) {
          sum += part.weight;
          supported++;
        } else if (part.worded(doc)) {
          sum += part.weight * 0.5;
          supported++;
        }
      }
      let termHits = 0;
      for (const hasTerm of terms) {
        if (hasTerm(doc)) {
          sum += termWeight;
          termHits++;
        }
      }
      const full = any ? supported > 0 : parts.length > 0 ? supported === parts.length : termHits === terms.length;
      return { score: total > 0 ? Math.round((sum / total) * 1000) / 1000 : 0, full, supported: supported + termHits };
    },
  };
}
