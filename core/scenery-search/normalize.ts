/**
 * Japanese text normalisation shared by the query side and the index side. Both must fold exactly alike, otherwise a
 * word typed in katakana or full width would never meet the same word written in hiragana or half width.
 *
 * Folding = NFKC (full/half width, compatibility forms), then lowercase and katakana→hiragana through a per-character
 * table. The table step keeps lengths (one UTF-16 unit in, one out), so offsets survive it. NFKC is skipped for text
 * made only of characters it leaves alone (ASCII, kana, CJK ideographs, common Japanese punctuation), which is
 * nearly all observation text: indexing a million observations cannot afford `normalize` on every value.
 */

const KATAKANA_FIRST = 0x30a1; // ァ
const KATAKANA_LAST = 0x30f6; // ヶ

/** FOLD_TABLE[c] is the folded code unit of c: lowercase (when one unit long) and katakana→hiragana. */
export const FOLD_TABLE: Uint16Array = (() => {
  const table = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) {
    let folded = c;
    if (c >= KATAKANA_FIRST && c <= KATAKANA_LAST) folded = c - 0x60;
    else if (c >= 0x41 && c <= 0x5a) folded = c + 0x20;
    else if (c >= 0xc0 && c < 0x3000 && (c < 0xd800 || c > 0xdfff)) {
      const lower = String.fromCharCode(c).toLowerCase();
      if (lower.length === 1) folded = lower.charCodeAt(0);
    }
    table[c] = folded;
  }
  return table;
})();

// Characters NFKC leaves unchanged and that never compose with a neighbour (checked exhaustively in the tests).
const NFKC_STABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are NFKC-stable, so they are in the set
  /^[\u0000-\u009f\u3001-\u3035\u3037\u303b-\u3098\u309d\u309e\u30a0-\u30fe\u3400-\u4dbf\u4e00-\u9fff]*$/u;

export function isNfkcStable(text: string): boolean {
  return NFKC_STABLE.test(text);
}

export function nfkc(text: string): string {
  return isNfkcStable(text) ? text : text.normalize('NFKC');
}

/** NFKC and collapsed whitespace: what is shown back to the client, and what kuromoji tokenises. */
export function normalizeWidth(text: string): string {
  return text.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/** Lowercase and katakana→hiragana, same length as the input. */
export function foldKana(text: string): string {
  const n = text.length;
  let i = 0;
  while (i < n && FOLD_TABLE[text.charCodeAt(i)] === text.charCodeAt(i)) i++;
  if (i === n) return text;
  const units = new Uint16Array(n);
  for (let k = 0; k < n; k++) units[k] = FOLD_TABLE[text.charCodeAt(k)] as number;
  return decodeUnits(units);
}

const decoder = new TextDecoder('utf-16le');
function decodeUnits(units: Uint16Array): string {
  return decoder.decode(units);
}

/** The full folding used for matching query wording: NFKC, whitespace, lowercase, kana. */
export function foldForSearch(text: string): string {
  return foldKana(normalizeWidth(text));
}

/**
 * Folding for indexed observation text. When NFKC changes lengths, `toOriginal` maps folded offsets back to
 * offsets of the original (for quotes); otherwise it is null and offsets are the same.
 */
export function foldWithOffsets(text: string): { folded: string; toOriginal: Int32Array | null } {
  const normalized = nfkc(text);
  if (normalized.length === text.length) return { folded: foldKana(normalized), toOriginal: null };
  // Rare: map back code point by code point (NFKC of one code point may be several units, or none). When
  // composition across code points (ｶﾞ → ガ) makes the pieces disagree with the whole, scale offsets instead.
  const folded = foldKana(normalized);
  const map: number[] = [];
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    const piece = text.slice(i, i + width).normalize('NFKC');
    for (let k = 0; k < piece.length; k++) map.push(i);
    i += width;
  }
  if (map.length !== folded.length) {
    map.length = 0;
    for (let k = 0; k < folded.length; k++) map.push(Math.floor((k * text.length) / folded.length));
  }
  map.push(text.length);
  return { folded, toOriginal: Int32Array.from(map) };
}
