/**
 * Partial evidence of an excluded thing: a candidate whose text names the head of a hard-negated category (柱 of 電柱,
 * 船 of 係留された船, ビル of 高層ビル) or a head word of one of its description rules (tag-descriptions.yaml), as a
 * whole word and in a clause that does not deny it, without the qualifier that would tag it. 「柱から柱へケーブルが
 * 垂れ下がる」 most likely shows the poles a request excludes; a pillar of a gate does not. Such a candidate is
 * demoted (ranked after those without any), not dropped: the evidence is a guess, and a page of fewer scenes would
 * be the worse answer when nothing else meets the request.
 */

import type { SearchCategory } from './categories.ts';
import type { Corpus } from './corpus.ts';
import { readDescriptionTable } from './description-rules.ts';
import { deniedAfter } from './evidence.ts';
import type { Interpretation } from './interpretation-types.ts';
import { foldForSearch, nfkc } from './normalize.ts';
import { collectTextLeaves, type SearchableObservation } from './observation-text.ts';
import { type Script, scriptOf } from './text-script.ts';

/** A word to look for, and whether a compound ending in it still names it (小型船 is a 船; 車線 is no 線). */
export interface PartialWord {
  written: string;
  folded: string;
  compoundHead: boolean;
}

// Japanese compounds are right-headed: the last kanji of a kanji compound (電柱 → 柱), the katakana run closing a
// compound (高層ビル → ビル) or the noun closing a phrase (係留された船 → 船) names what the whole is a kind of.
const KANJI_COMPOUND = /^\p{Script=Han}{2,3}$/u;
const KATAKANA_TAIL = /\p{Script=Han}([\u30a1-\u30fc]{2,})$/u;
const AFTER_KANA = /[\u3041-\u309f]([\p{Script=Han}\u30a1-\u30fc]+)$/u;

/** The head noun of one catalogue wording, when it is shorter than the wording. */
export function headOf(wording: string): string | null {
  const w = nfkc(wording);
  if (KANJI_COMPOUND.test(w)) return w.slice(-1);
  const tail = KATAKANA_TAIL.exec(w) ?? AFTER_KANA.exec(w);
  return tail ? (tail[1] as string) : null;
}

let descriptionHeads: Map<string, string[]> | null = null;

/** Each category's description head words: the left side of its rules ('head words × qualifying words'). */
function headWordsOf(categoryId: string): string[] {
  if (descriptionHeads === null) {
    descriptionHeads = new Map();
    for (const [id, rules] of Object.entries(readDescriptionTable())) {
      const heads = Object.values(rules).flatMap((r) => (r.split('×')[0] as string).trim().split(/\s+/u));
      descriptionHeads.set(id, heads);
    }
  }
  return descriptionHeads.get(categoryId) ?? [];
}

/**
 * The partial words of an excluded category, less any word of a required category (a head shared with what the
 * request asks for, 道 of a road, is no evidence against it).
 */
export function partialWords(category: SearchCategory, required: readonly SearchCategory[]): PartialWord[] {
  const wordings = [category.label, ...category.synonyms];
  const requiredWords = required.flatMap((c) => [c.label, ...c.synonyms].map(nfkc));
  const out = new Map<string, PartialWord>();
  const add = (written: string, compoundHead: boolean) => {
    // A one-character wording is no needle of excluded-mentions.ts (too short to trust inside a word): kept here.
    if (written.length === 0 || out.has(written) || (written.length > 1 && wordings.includes(written))) return;
    if (requiredWords.some((r) => r.includes(written))) return;
    out.set(written, { written, folded: foldForSearch(written), compoundHead });
  };
  for (const w of wordings) {
    const head = headOf(w);
    if (head) add(head, true);
  }
  for (const h of headWordsOf(category.id)) add(nfkc(h), false);
  return [...out.values()];
}

/** The largest share of the corpus's scenes a partial word may be found in. */
const COMMON_SHARE = 0.05;

const WORD_SCRIPTS = new Set<Script>(['kanji', 'katakana']);

/** Whether the word found at [at, end) of the text stands whole (a compound head may close a longer compound). */
export function standsWhole(text: string, at: number, end: number, word: PartialWord): boolean {
  const first = scriptOf(text.charCodeAt(at));
  const last = scriptOf(text.charCodeAt(end - 1));
  const before = at > 0 ? scriptOf(text.charCodeAt(at - 1)) : 'other';
  const after = end < text.length ? scriptOf(text.charCodeAt(end)) : 'other';
  if (WORD_SCRIPTS.has(last) && WORD_SCRIPTS.has(after)) return false;
  if (!word.compoundHead && WORD_SCRIPTS.has(first) && WORD_SCRIPTS.has(before)) return false;
  // A katakana head still ends a katakana word only when the word is its own (ビル, not ラビル).
  if (first === 'katakana' && before === 'katakana') return false;
  return true;
}

/** Whether one text names one of the words, whole, in a clause that does not deny it. */
export function mentionsPartially(text: string, words: readonly PartialWord[]): boolean {
  for (const word of words) {
    for (let at = text.indexOf(word.written); at >= 0; at = text.indexOf(word.written, at + 1)) {
      const end = at + word.written.length;
      if (standsWhole(text, at, end, word) && !deniedAfter(text, end)) return true;
    }
  }
  return false;
}

/** The docs (of `docs`) whose text holds partial evidence of a hard-negated condition; null when none is negated. */
export function partialEvidence(
  corpus: Corpus,
  interpretation: Interpretation,
  categoryOf: (id: string) => SearchCategory | undefined,
) {
  const hard = interpretation.conditions.filter((c) => !c.soft);
  const required = hard.flatMap((c) => (c.negated ? [] : [categoryOf(c.category_id)].filter((x) => x !== undefined)));
  const words = hard
    .filter((c) => c.negated)
    .flatMap((c) => {
      const category = categoryOf(c.category_id);
      return category ? partialWords(category, required) : [];
    });
  // A word found in many scenes (a word like 道路 or 建物) says nothing of one thing: only the rarer ones count as evidence.
  const rare = words.filter((w) => corpus.text.documentFrequency(w.folded) <= corpus.size * COMMON_SHARE);
  if (rare.length === 0) return null;
  return async (docs: number[], load: (docs: number[]) => Promise<Map<number, SearchableObservation>>) => {
    // The index holds every word of a text: a doc holding none needs no reading.
    const suspects = docs.filter((doc) => rare.some((w) => corpus.text.docHasTerm(doc, w.folded)));
    const out = new Set<number>();
    if (suspects.length === 0) return out;
    const observations = await load(suspects);
    for (const doc of suspects) {
      const obs = observations.get(doc);
      if (obs && collectTextLeaves(obs).some((l) => mentionsPartially(nfkc(l.text), rare))) out.add(doc);
    }
    return out;
  };
}
