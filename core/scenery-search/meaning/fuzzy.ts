/**
 * Bounded fuzzy lookup: keys within one edit (insertion, deletion or substitution of one character) of a word, found
 * through a deletion index (every key is filed under itself and each of its one-character deletions, so two words one
 * edit apart always share an entry) instead of comparing the word with every key. A dropped or added 長音 (ミラ for
 * ミラー) is no edit at all: both sides are compared without ー.
 */

export const FUZZY_MIN_LENGTH = 3;

const withoutLongVowel = (word: string) => word.replaceAll('ー', '');

function deletions(word: string): string[] {
  const out = [word];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** Whether a and b are at most one edit apart (Levenshtein distance ≤ 1). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (short.length === long.length) return short.slice(i + 1) === long.slice(i + 1);
  return short.slice(i) === long.slice(i + 1);
}

export class FuzzyIndex<T> {
  private readonly buckets = new Map<string, Set<string>>();
  private readonly values = new Map<string, T[]>();

  /** Files `value` under `key` (keys shorter than FUZZY_MIN_LENGTH characters are never matched fuzzily). */
  add(key: string, value: T): void {
    if (key.length < FUZZY_MIN_LENGTH) return;
    for (const form of new Set([key, withoutLongVowel(key)])) {
      const list = this.values.get(form) ?? [];
      if (!list.includes(value)) list.push(value);
      this.values.set(form, list);
      for (const d of deletions(form)) {
        const bucket = this.buckets.get(d) ?? new Set<string>();
        bucket.add(form);
        this.buckets.set(d, bucket);
      }
    }
  }

  /** Values of the keys within one edit of `word`, ignoring 長音, each once (none for a word below the minimum). */
  near(word: string): { key: string; value: T }[] {
    if (word.length < FUZZY_MIN_LENGTH) return [];
    const found: { key: string; value: T }[] = [];
    const seen = new Set<string>();
    for (const form of new Set([word, withoutLongVowel(word)])) {
      for (const d of deletions(form)) {
        for (const key of this.buckets.get(d) ?? []) {
          if (seen.has(key) || !withinOneEdit(form, key)) continue;
          seen.add(key);
          for (const value of this.values.get(key) ?? []) {
            if (!found.some((f) => f.value === value)) found.push({ key, value });
          }
        }
      }
    }
    return found;
  }
}
