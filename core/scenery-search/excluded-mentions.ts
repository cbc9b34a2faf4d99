/**
 * Exclusion by what a scene's text says, not only by its tags: a candidate whose observation affirms a hard-negated
 * condition (電柱が立っていない → 「道沿いにコンクリートの柱が並ぶ」) is dropped in both modes, since the tagger misses
 * some statements and a `none` filter on tags alone lets them through. The words looked for are the category's
 * wordings as the judge reads them (matcherFor), plus a loanword-modified compound read with の (コンクリート柱 →
 * コンクリートの柱), the way a description spells out what a search box compounds. A mention the clause denies
 * (「電柱は見られない」) is not an affirmation. In mode text the index first tells which candidates hold one of the
 * words at all; only those few are read.
 */
import type { Corpus } from './corpus.ts';
import { affirmsAny, type CategoryMatcher, type FoldCache, foldObservation } from './evidence.ts';
import type { Interpretation } from './interpretation-types.ts';
import { foldForSearch, nfkc } from './normalize.ts';
import type { SearchableObservation } from './observation-text.ts';

// A katakana loanword followed by a kanji head: the compound a description may write with の.
const LOANWORD_THEN_KANJI = /^([\u30a1-\u30ff]{2,})(\p{Script=Han}+)$/u;

/** Compounds of a loanword and a kanji head among the wordings, spelled with の (コンクリート柱 → こんくりーとの柱), folded. */
export function withGenitive(wordings: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of wordings) {
    const m = LOANWORD_THEN_KANJI.exec(nfkc(w));
    if (m) out.push(foldForSearch(`${m[1]}の${m[2]}`));
  }
  return out;
}

interface Excluded {
  matcher: CategoryMatcher;
  needles: string[];
}

export interface ExclusionCheck {
  /** Docs (of `docs`) whose text affirms a hard-negated condition. */
  affirmed(docs: number[], load: (docs: number[]) => Promise<Map<number, SearchableObservation>>): Promise<Set<number>>;
}

export function exclusionCheck(
  corpus: Corpus,
  interpretation: Interpretation,
  matcherFor: (categoryId: string) => CategoryMatcher | null,
  folds: FoldCache,
): ExclusionCheck | null {
  const excluded: Excluded[] = [];
  for (const c of interpretation.conditions) {
    if (!c.negated || c.soft) continue;
    const matcher = matcherFor(c.category_id);
    if (!matcher) continue;
    const raw = [matcher.category.label, ...matcher.category.synonyms];
    const needles = [...new Set([...matcher.wording, ...withGenitive(raw)])].filter((n) => n.length >= 2);
    if (needles.length > 0) excluded.push({ matcher, needles });
  }
  if (excluded.length === 0) return null;
  return {
    async affirmed(docs, load) {
      // The index holds every word of an affirming text: a doc holding none of them needs no reading.
      const suspects = docs.filter((doc) =>
        excluded.some((e) => e.needles.some((n) => corpus.text.docHasTerm(doc, n))),
      );
      const out = new Set<number>();
      if (suspects.length === 0) return out;
      const observations = await load(suspects);
      for (const doc of suspects) {
        const obs = observations.get(doc);
        if (!obs) continue;
        const folded = foldObservation(obs, folds);
        if (excluded.some((e) => affirmsAny(folded, e.needles, e.matcher))) out.add(doc);
      }
      return out;
    },
  };
}
