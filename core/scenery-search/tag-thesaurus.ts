/**
 * Tag patterns from the thesaurus (meaning/thesaurus.json, SudachiDict's synonym groups that hold a catalogue
 * wording), kept to the words that surely name what the catalogue wording names. A SudachiDict group gathers words
 * of one broad sense, so a native word of other characters may mean something wider (景色 grouped with 眺望: any
 * view, not one from a height; 囲い with フェンス: any enclosure). Kept: loanwords and kana spellings (ガーデン,
 * スクーター), and variant spellings that share a kanji or the reading with the wording (公孫樹 / 銀杏, 店屋 / 店).
 */
import type { CategoryCatalog } from './categories.ts';
import { loadThesaurus } from './meaning/thesaurus.ts';
import { foldForSearch, foldKana } from './normalize.ts';
import type { PatternPart, TagPattern } from './tag-pattern.ts';
import type { TokenizeText } from './tokenizer.ts';

const KANJI = /[\u4e00-\u9fff]/gu;
const KANA_OR_LATIN = /^[\u3041-\u309f\u30a1-\u30fca-z ・-]+$/u;

function readingOf(text: string, tokenize: TokenizeText): string {
  return foldKana(
    tokenize(text)
      .map((t) => t.reading)
      .join(''),
  );
}

/** Whether a thesaurus word names surely what its catalogue wording names (see the file comment). */
export function sameThing(term: string, wording: string, tokenize: TokenizeText): boolean {
  if (KANA_OR_LATIN.test(term)) return true;
  const shared = (term.match(KANJI) ?? []).some((k) => wording.includes(k));
  return shared || readingOf(term, tokenize) === readingOf(wording, tokenize);
}

/** Patterns of the kept thesaurus words (cut by `partsOf`, as catalogue wordings are), each naming its wording's category. */
export function thesaurusPatterns(
  catalog: CategoryCatalog,
  tokenize: TokenizeText,
  partsOf: (wording: string, tokenize: TokenizeText) => PatternPart[] | null,
): TagPattern[] {
  const categoryOf = new Map<string, number>();
  for (const c of catalog.categories)
    for (const w of [c.label, ...c.synonyms])
      if (!categoryOf.has(foldForSearch(w))) categoryOf.set(foldForSearch(w), c.index);
  const out: TagPattern[] = [];
  for (const [term, wording] of loadThesaurus().terms) {
    const category = categoryOf.get(wording);
    if (category === undefined || term.length < 2 || !sameThing(term, wording, tokenize)) continue;
    const kana = KANA_OR_LATIN.test(term);
    const parts = kana ? [{ text: foldKana(term), conjugates: false }] : partsOf(term, tokenize);
    if (parts) out.push({ parts, category, wording: term, kanaOnly: kana });
  }
  return out;
}
