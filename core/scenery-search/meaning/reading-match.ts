/**
 * Matching by reading: the text is spelled out in kana (kana as written, other tokens by kuromoji's reading) and
 * searched for the readings of the catalogue's wordings, so ゆうほどう or ユウホドウ finds 遊歩道. A span written in
 * kana is a `reading` match; a span written in kanji that reads like a different wording is a wrong kanji from the
 * IME and a `fuzzy` match, only for readings of four kana or more across more than one known word.
 */
import { foldKana } from '../normalize.ts';
import type { QueryToken } from '../tokenizer.ts';
import { type CategoryMatch, toMatch } from './category-match.ts';
import { isWholeSpan, type SpanRules } from './spans.ts';
import type { WordingTable } from './wordings.ts';

const ALL_KANA = /^[\u3041-\u3096\u30fc]+$/u;
const MIN_KANJI_READING = 4;

interface Spelled {
  reading: string;
  /** Offset in the folded text of each reading offset that is a token edge or inside kana as written. */
  toText: Map<number, number>;
  /** Reading offsets where a match may start. */
  starts: number[];
}

function spellOut(tokens: readonly QueryToken[], folded: string): Spelled {
  let reading = '';
  const toText = new Map<number, number>();
  const starts: number[] = [];
  for (const t of tokens) {
    const surface = folded.slice(t.start, t.end);
    const kana = ALL_KANA.test(surface);
    const spelled = kana ? surface : foldKana(t.reading);
    for (let k = 0; k < (kana ? spelled.length : 1); k++) {
      toText.set(reading.length + k, t.start + k);
      starts.push(reading.length + k);
    }
    reading += spelled;
  }
  toText.set(reading.length, folded.length);
  return { reading, toText, starts };
}

export function findReadingMatches(
  table: WordingTable,
  rules: SpanRules,
  folded: string,
  free: (s: number, e: number) => boolean,
): CategoryMatch[] {
  const { reading, toText, starts } = spellOut(rules.tokens, folded);
  const found: CategoryMatch[] = [];
  let reached = 0;
  for (const r of starts) {
    if (r < reached) continue;
    const start = toText.get(r) as number;
    for (let length = Math.min(table.maxReadingLength, reading.length - r); length >= 2; length--) {
      const wording = table.byReading.get(reading.slice(r, r + length));
      const end = toText.get(r + length);
      if (!wording || end === undefined || !isWholeSpan(rules, start, end) || !free(start, end)) continue;
      const surface = folded.slice(start, end);
      if (surface === wording.text) continue;
      const kana = ALL_KANA.test(surface);
      if (!kana && (length < MIN_KANJI_READING || isOneKnownWord(rules, start, end))) continue;
      found.push(toMatch(wording, start, end, folded, kana ? 'reading' : 'fuzzy'));
      reached = r + length;
      break;
    }
  }
  return found;
}

function isOneKnownWord(rules: SpanRules, start: number, end: number): boolean {
  const token = rules.startingAt.get(start);
  return token !== undefined && token.end === end && token.known;
}
