/**
 * The wording → category dictionary of the query side: every label and synonym of the 168 categories, folded, with a
 * few inflected forms of adjectives and verbs (寂れた → 寂れて, 懐かしい → 懐かしく). Matching is longest first.
 */
import type { CategoryCatalog, SearchCategory } from './categories.ts';
import { foldForSearch, normalizeWidth } from './normalize.ts';

export interface LexiconEntry {
  category: SearchCategory;
  matchedBy: 'label' | 'synonym';
  /** An inflected form made by `inflectedForms`, not a wording the catalogue lists. */
  generated?: true;
  /** The wording as the catalogue writes it (NFKC, not folded): what kuromoji reads (バイク, not ばいく). */
  source?: string;
  /** For a wording in kana only: the same category's kanji wording read alike (set with the wording table). */
  spelled?: string;
}

export interface Lexicon {
  entries: Map<string, LexiconEntry>;
  maxLength: number;
}

/** Inflected spellings people type for a phrase that ends in a conjugating word. */
export function inflectedForms(phrase: string): string[] {
  const forms: string[] = [];
  const swap = (suffix: string, ...replacements: string[]) => {
    if (phrase.endsWith(suffix) && phrase.length > suffix.length + 1) {
      for (const r of replacements) forms.push(phrase.slice(0, -suffix.length) + r);
    }
  };
  swap('がいい', 'が良い', 'がよい', 'の良い', 'のよい', 'のいい');
  swap('のよい', 'の良い', 'のいい', 'がよい', 'が良い', 'がいい');
  swap('った', 'って', 'っている', 'る');
  swap('れた', 'れて', 'れている', 'れる');
  swap('いた', 'いて', 'いている');
  swap('しい', 'しく', 'しさ', 'しげな');
  swap('が多い', 'の多い', 'が多く');
  swap('が少ない', 'の少ない', 'が少なく');
  swap('ない', 'なく');
  return forms;
}

export function buildLexicon(catalog: CategoryCatalog): Lexicon {
  const entries = new Map<string, LexiconEntry>();
  const add = (wording: string, entry: LexiconEntry, generated: boolean) => {
    const key = foldForSearch(wording);
    if (key.length === 0) return;
    entry.source = normalizeWidth(wording);
    const existing = entries.get(key);
    // Given wordings win over generated forms; a label wins over a synonym.
    if (existing && (generated || existing.matchedBy === 'label')) return;
    entries.set(key, entry);
  };
  for (const category of catalog.categories) {
    add(category.label, { category, matchedBy: 'label' }, false);
    for (const synonym of category.synonyms) add(synonym, { category, matchedBy: 'synonym' }, false);
  }
  for (const category of catalog.categories) {
    for (const wording of [category.label, ...category.synonyms]) {
      for (const form of inflectedForms(normalizeWidth(wording)))
        add(form, { category, matchedBy: 'synonym', generated: true }, true);
    }
  }
  let maxLength = 0;
  for (const key of entries.keys()) maxLength = Math.max(maxLength, key.length);
  return { entries, maxLength };
}

export interface LexiconMatch {
  start: number;
  end: number;
  text: string;
  entry: LexiconEntry;
}

/**
 * The longest dictionary wording starting at `start` of the folded text that also fits the token boundaries:
 * it must start on a boundary, and a wording of one or two characters must also end on one (so 駅 does not match
 * inside 駅伝 and 松 does not match inside 松本).
 */
export function longestMatchAt(
  lexicon: Lexicon,
  folded: string,
  start: number,
  boundaries: ReadonlySet<number>,
  limit = folded.length,
): LexiconMatch | null {
  if (!boundaries.has(start)) return null;
  const longest = Math.min(lexicon.maxLength, limit - start);
  for (let length = longest; length >= 1; length--) {
    const text = folded.slice(start, start + length);
    const entry = lexicon.entries.get(text);
    if (!entry) continue;
    if (length <= 2 && !boundaries.has(start + length)) continue;
    return { start, end: start + length, text, entry };
  }
  return null;
}
