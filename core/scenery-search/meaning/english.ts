/**
 * English words typed in a Japanese search box (river, street trees, cherry blossom) found through the catalogue's
 * own English labels (`label_en`): the whole label, each part of an "X and Y" label, singular or plural, as whole
 * words only (park is not read out of parking). The match names the Japanese label, which is what texts write.
 */
import type { SearchCategory } from '../categories.ts';
import { foldForSearch } from '../normalize.ts';
import type { QueryToken } from '../tokenizer.ts';
import { type CategoryMatch, toMatch } from './category-match.ts';
import type { Wording, WordingTable } from './wordings.ts';

const WORD = /^[a-z][a-z-]*$/u;
const PHRASE = /^[a-z][a-z -]*$/u;
const MAX_WORDS = 4;

function variants(phrase: string): string[] {
  const out = [phrase];
  if (/[^s]s$/u.test(phrase)) out.push(phrase.slice(0, -1));
  else if (!phrase.endsWith('s')) out.push(`${phrase}s`);
  return out;
}

/** The English phrases of a category: its label_en, each part of an "X and Y" label, singular or plural. */
export function englishPhrases(category: SearchCategory): string[] {
  const label = category.label_en.toLowerCase();
  return [label, ...(label.includes(' and ') ? label.split(' and ') : [])].flatMap(variants);
}

/** The word texts write for a category's label: the first of a label of two names (落書き・壁画), folded. */
export function labelWord(category: SearchCategory): string {
  return foldForSearch(category.label.split('・')[0] as string);
}

/** Each English phrase of a category's label_en → the category's label. */
function englishLabels(categories: Iterable<SearchCategory>): Map<string, Wording> {
  const byPhrase = new Map<string, Wording>();
  const ambiguous = new Set<string>();
  for (const category of categories) {
    const wording: Wording = { text: labelWord(category), category, kind: 'label', generated: false };
    for (const phrase of englishPhrases(category)) {
      const known = byPhrase.get(phrase);
      if (known && known.category.id !== category.id) ambiguous.add(phrase);
      byPhrase.set(phrase, wording);
    }
  }
  for (const phrase of ambiguous) byPhrase.delete(phrase);
  return byPhrase;
}

const tables = new WeakMap<WordingTable, Map<string, Wording>>();

/** Runs of English words (tokens separated by single spaces) that are a category's English label. */
export function findEnglishLabels(table: WordingTable, tokens: readonly QueryToken[], folded: string): CategoryMatch[] {
  let byPhrase = tables.get(table);
  if (!byPhrase) {
    const categories = new Map([...table.lexicon.entries.values()].map((e) => [e.category.id, e.category]));
    byPhrase = englishLabels(categories.values());
    tables.set(table, byPhrase);
  }
  const words = tokens.filter((t) => WORD.test(folded.slice(t.start, t.end)));
  const found: CategoryMatch[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let j = Math.min(words.length, i + MAX_WORDS) - 1; j >= i; j--) {
      const first = words[i] as QueryToken;
      const last = words[j] as QueryToken;
      const phrase = folded.slice(first.start, last.end);
      // Consecutive words only: spaces and hyphens between them, nothing else.
      if (!PHRASE.test(phrase)) continue;
      const wording = byPhrase.get(phrase);
      if (!wording) continue;
      found.push(toMatch(wording, first.start, last.end, folded, 'label'));
      i = j;
      break;
    }
  }
  return found;
}
