/**
 * A Japanese word typed in romaji (sakamichi, ishidatami, shotengai) is read in kana by wanakana and found by the
 * reading of a catalogue wording, as a kana spelling would be (`reading`). Romaji often leaves long vowels out
 * (shotengai for しょうてんがい), so both sides are compared with the う or お that lengthens an o or u dropped.
 * Whole words of three letters or more only; English words rarely spell out kana, and one that does must still be
 * a wording's reading.
 */
import { isKana, toHiragana } from 'wanakana';
import type { QueryToken } from '../tokenizer.ts';
import { type CategoryMatch, toMatch } from './category-match.ts';
import type { Wording, WordingTable } from './wordings.ts';

const WORD = /^[a-z]{3,}$/u;
// Kana of the o and u rows: a following う (or お after o) only lengthens them.
const O_OR_U = 'おこごそぞとどのほぼぽもよろをうくぐすずつづぬふぶぷむゆるょゅ';

/** The reading without vowel-lengthening う/お (しょうてんがい → しょてんがい). */
export function withoutLongVowels(kana: string): string {
  let out = '';
  for (const c of kana) {
    const previous = out[out.length - 1];
    if ((c === 'う' || c === 'お' || c === 'ー') && previous !== undefined && O_OR_U.includes(previous)) continue;
    out += c;
  }
  return out;
}

const tables = new WeakMap<WordingTable, Map<string, Wording | null>>();

function byShortReading(table: WordingTable): Map<string, Wording | null> {
  let map = tables.get(table);
  if (!map) {
    map = new Map();
    for (const [reading, wording] of table.byReading) {
      const key = withoutLongVowels(reading);
      const known = map.get(key);
      map.set(key, known === undefined || known?.category.id === wording.category.id ? (known ?? wording) : null);
    }
    tables.set(table, map);
  }
  return map;
}

export function findRomaji(table: WordingTable, tokens: readonly QueryToken[], folded: string): CategoryMatch[] {
  const found: CategoryMatch[] = [];
  for (const t of tokens) {
    const word = folded.slice(t.start, t.end);
    if (!WORD.test(word)) continue;
    const kana = toHiragana(word);
    if (!isKana(kana)) continue;
    const wording = byShortReading(table).get(withoutLongVowels(kana));
    if (wording) found.push(toMatch(wording, t.start, t.end, folded, 'reading'));
  }
  return found;
}
