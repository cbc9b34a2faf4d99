/**
 * Ranking by the index alone (mode text, and judge fallback). Each condition is checked against the document's
 * index entries: a category tag supports it fully, its wording in the text index half; a negated condition is
 * supported when the document is not tagged with it. Other text terms count a little. Soft conditions add to the
 * score but never decide whether a document passes. No observation is read: the index is the only evidence.
 */
import { conditionWording, conditionWords } from './condition-words.ts';
import type { Corpus } from './corpus.ts';
import type { Interpretation } from './interpretation-types.ts';
import { contains, EMPTY_POSTINGS } from './postings.ts';

export interface IndexCheck {
  /** 0-1 index score of a document: the weighted share of conditions and terms its index entries support. */
  score: number;
  /** Whether every hard condition has index support (with no condition: every term). */
  full: boolean;
  supported: number;
  /** Keys of conditions the index does not support for this document. */
  unsupported: string[];
}

export interface TextRanker {
  score(doc: number): IndexCheck;
}

const WORDING_ONLY = 0.5;

export function createTextRanker(corpus: Corpus, interpretation: Interpretation): TextRanker {
  // Only a page's worth of documents is scored, so terms are checked per document rather than as postings.
  const has = (term: string | null) => (doc: number) =>
    term !== null && term.length > 0 && corpus.text.docHasTerm(doc, term);
  const parts = interpretation.conditions.map((c) => ({
    key: c.key,
    weight: c.weight,
    negated: c.negated,
    soft: c.soft,
    tagged: corpus.categoryDocs[corpus.categoryIndex.get(c.category_id) ?? -1] ?? EMPTY_POSTINGS,
    worded: has(conditionWording(c)),
  }));
  const hard = parts.filter((p) => !p.soft).length;
  const worded = conditionWords(interpretation.conditions);
  const terms = interpretation.text_terms.filter((t) => !worded.has(t)).map(has);
  const termWeight = parts.length > 0 ? 0.4 : 1;
  const total = parts.reduce((sum, p) => sum + p.weight, 0) + terms.length * termWeight;
  const any = interpretation.combine === 'any';

  return {
    score(doc) {
      let sum = 0;
      let supported = 0;
      const unsupported: string[] = [];
      for (const part of parts) {
        const tagged = contains(part.tagged, doc);
        const support = part.negated ? (tagged ? 0 : 1) : tagged ? 1 : part.worded(doc) ? WORDING_ONLY : 0;
        sum += part.weight * support;
        if (support === 0) unsupported.push(part.key);
        else if (!part.soft) supported++;
      }
      let termHits = 0;
      for (const hasTerm of terms) {
        if (hasTerm(doc)) {
          sum += termWeight;
          termHits++;
        }
      }
      const full = any ? supported > 0 : hard > 0 ? supported === hard : termHits === terms.length;
      return {
        score: total > 0 ? Math.round((sum / total) * 1000) / 1000 : 0,
        full,
        supported: supported + termHits,
        unsupported,
      };
    },
  };
}
