/**
 * Spelling variants of a catalogue wording that one edit on the surface cannot tell from a different word, told
 * apart by how they read. All are `fuzzy` matches:
 * - a word the dictionary knows, read exactly like a wording of the same length that it differs from by one
 *   character, when that character is a variant kanji (竹薮 for 竹藪) or the word a personal name (鳥井 for 鳥居);
 * - two or three characters cut into several morphemes, one kanji away from a wording, the other kanji read like
 *   the wording's reading at its place (漁講 for 漁港: 講 reads こう, as 漁港 ends): a wrong homophone from the IME;
 * - a span read like a wording that holds a shorter match (櫻並木 read さくらなみき holds 並木; 赤ちょうちん):
 *   the longer reading wins, so an old kanji or a kana half of a compound does not leave the compound's tail alone;
 * - okurigana added or dropped (石畳み for 石畳, 踏み切り for 踏切): the same kanji in the same order, nouns
 *   and verb stems only (an adjective's okurigana is a word of its own: 白い壁 is not 白壁).
 */
import { foldKana } from '../normalize.ts';
import type { QueryToken } from '../tokenizer.ts';
import { type CategoryMatch, toMatch } from './category-match.ts';
import { withinOneEdit } from './fuzzy.ts';
import { findReadingMatches } from './reading-match.ts';
import { isWholeSpan, type SpanRules } from './spans.ts';
import { toWording, type Wording, type WordingTable } from './wordings.ts';

const KANJI = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
const HIRAGANA_G = /[\u3041-\u3096]/gu;
const KANJI_AND_HIRAGANA_ONLY = /^[\u3041-\u3096\u3400-\u4dbf\u4e00-\u9fff]+$/u;
const MAX_SPAN_TOKENS = 3;

interface VariantIndex {
  /** Listed wordings with a kanji, by reading. */
  byReading: Map<string, Wording[]>;
  /** Short listed wordings (two or three characters, with a kanji) by each one-character blank: 漁港 → ?港, 漁?. */
  byBlank: Map<string, Wording[]>;
  /** Kanji of a wording written in kanji and okurigana (石畳, 踏切, 落書 for 落書き) → the wording; null: several. */
  bySkeleton: Map<string, Wording | null>;
}

const skeletonOf = (text: string) => text.replace(HIRAGANA_G, '');
const blank = (text: string, k: number) => `${text.slice(0, k)}\u0000${text.slice(k + 1)}`;

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const indexes = new WeakMap<WordingTable, VariantIndex>();

function indexOf(table: WordingTable): VariantIndex {
  let index = indexes.get(table);
  if (index) return index;
  index = { byReading: new Map(), byBlank: new Map(), bySkeleton: new Map() };
  for (const [text, entry] of table.lexicon.entries) {
    if (entry.generated || !KANJI.test(text)) continue;
    const wording = toWording(text, entry);
    push(index.byReading, table.readings.get(text) as string, wording);
    if (text.length <= 3) for (let k = 0; k < text.length; k++) push(index.byBlank, blank(text, k), wording);
    const skeleton = skeletonOf(text);
    if (skeleton.length >= 2 && KANJI_AND_HIRAGANA_ONLY.test(text) && isOneWordWithOkurigana(table, text)) {
      const known = index.bySkeleton.get(skeleton);
      if (known === undefined) index.bySkeleton.set(skeleton, wording);
      else if (known !== null && known.category.id !== wording.category.id) index.bySkeleton.set(skeleton, null);
    }
  }
  indexes.set(table, index);
  return index;
}

/** Every morpheme holds a kanji: the kana are okurigana, not particles (景色がいい is no variant of 景色). */
function isOneWordWithOkurigana(table: WordingTable, text: string): boolean {
  return KANJI.test(text[0] as string) && table.tokenize(text).every((t) => KANJI.test(t.surface));
}

/** The one category's wording among candidates, or null when they name several or none. */
function unique(candidates: readonly Wording[]): Wording | null {
  if (candidates.length === 0 || new Set(candidates.map((w) => w.category.id)).size !== 1) return null;
  return candidates.find((w) => w.kind === 'label') ?? (candidates[0] as Wording);
}

/** Kana reading of one character read alone. */
const readAlone = (table: WordingTable, char: string) =>
  foldKana(
    table
      .tokenize(char)
      .map((t) => t.reading)
      .join(''),
  );

/**
 * A known word read like a wording and one character from it: a variant kanji (the two characters read alike
 * alone: 薮 and 藪) or a personal name the IME offered for the reading (鳥井 for 鳥居). A common word of the same
 * reading (街頭 for 街灯, 公演 for 公園) is a different word.
 */
function sameReadingWord(table: WordingTable, index: VariantIndex, token: QueryToken, surface: string) {
  if (!token.known || token.pos !== '名詞' || surface.length < 2 || !KANJI.test(surface)) return null;
  const name = token.detail === '固有名詞' && token.detail2 === '人名';
  const candidates = (index.byReading.get(foldKana(token.reading)) ?? []).filter((w) => {
    if (w.text === surface || w.text.length !== surface.length || !withinOneEdit(w.text, surface)) return false;
    const k = [...surface].findIndex((c, i) => c !== w.text[i]);
    return name || readAlone(table, surface[k] as string) === readAlone(table, w.text[k] as string);
  });
  return unique(candidates);
}

function homophoneSlip(table: WordingTable, index: VariantIndex, surface: string) {
  const found: Wording[] = [];
  for (let k = 0; k < surface.length; k++) {
    const char = surface[k] as string;
    if (!KANJI.test(char)) continue;
    const read = foldKana(
      table
        .tokenize(char)
        .map((t) => t.reading)
        .join(''),
    );
    for (const w of index.byBlank.get(blank(surface, k)) ?? []) {
      const reading = table.readings.get(w.text) as string;
      const fits =
        k === 0
          ? reading.startsWith(read)
          : k === surface.length - 1
            ? reading.endsWith(read)
            : reading.slice(1, -1).includes(read);
      if (fits && w.text !== surface) found.push(w);
    }
  }
  return unique(found);
}

function okuriganaVariant(index: VariantIndex, span: readonly QueryToken[], surface: string) {
  // A verb joins a compound in its conjugated stem (畳み, 切り); in its dictionary form it modifies (歩ける道).
  const joins = (t: QueryToken) => t.pos === '名詞' || (t.pos === '動詞' && t.surface !== t.basic);
  if (!span.every((t) => KANJI.test(t.surface) && joins(t))) return null;
  const wording = index.bySkeleton.get(skeletonOf(surface));
  return wording && wording.text !== surface ? wording : null;
}

/** Spelling variants over spans still free, longest first from each start. */
export function findSpellingVariants(
  table: WordingTable,
  rules: SpanRules,
  folded: string,
  free: (s: number, e: number) => boolean,
): CategoryMatch[] {
  const index = indexOf(table);
  const { tokens } = rules;
  const found: CategoryMatch[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (let j = Math.min(tokens.length, i + MAX_SPAN_TOKENS) - 1; j >= i; j--) {
      const span = tokens.slice(i, j + 1);
      const start = (span[0] as QueryToken).start;
      const end = (span[span.length - 1] as QueryToken).end;
      if (!free(start, end) || found.some((m) => start < m.end && end > m.start)) continue;
      if (!isWholeSpan(rules, start, end, 'strict')) continue;
      const surface = folded.slice(start, end);
      const wording =
        (i === j ? sameReadingWord(table, index, span[0] as QueryToken, surface) : null) ??
        (i < j && surface.length <= 3 && span.every((t) => t.pos === '名詞')
          ? homophoneSlip(table, index, surface)
          : null) ??
        okuriganaVariant(index, span, surface);
      if (!wording) continue;
      found.push(toMatch(wording, start, end, folded, 'fuzzy'));
      break;
    }
  }
  return found;
}

/**
 * Replaces the matches a longer reading match holds (櫻並木: 並木 → 桜並木). `outside` is what years and places
 * left free; a reading match that only partly overlaps a match is left out.
 */
export function widenByReading(
  table: WordingTable,
  rules: SpanRules,
  folded: string,
  matches: CategoryMatch[],
  outside: (s: number, e: number) => boolean,
): void {
  for (const wide of findReadingMatches(table, rules, folded, outside)) {
    const held = matches.filter((m) => m.start >= wide.start && m.end <= wide.end);
    const crossed = matches.some((m) => m.start < wide.end && m.end > wide.start && !held.includes(m));
    if (held.length === 0 || crossed || held.some((m) => m.end - m.start === wide.end - wide.start)) continue;
    for (const m of held) matches.splice(matches.indexOf(m), 1);
    matches.push(wide);
  }
}
