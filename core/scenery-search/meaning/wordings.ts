/**
 * The catalogue's wordings (labels, synonyms and their inflected forms, from the query lexicon) indexed for the
 * meaning rules: by reading (kana spelling of the whole wording, from kuromoji's readings of its morphemes), by
 * content lemmas (base forms without particles and auxiliaries: 花が咲く → 花|咲く), and fuzzily by surface.
 * Built once per lexicon, after the tokenizer is loaded.
 */
import type { SearchCategory } from '../categories.ts';
import type { Lexicon, LexiconEntry } from '../lexicon.ts';
import { foldKana } from '../normalize.ts';
import type { QueryToken, TokenizeText } from '../tokenizer.ts';
import { FuzzyIndex } from './fuzzy.ts';
import { spellInKanji } from './kana-wordings.ts';

export interface Wording {
  /** The folded wording as the catalogue (or the lexicon's inflected forms) writes it. */
  text: string;
  category: SearchCategory;
  kind: 'label' | 'synonym';
  /** An inflected form the lexicon generated, not a wording the catalogue lists. */
  generated: boolean;
  /** The same category's wording in kanji with this one's reading (しょうてんがい → 商店街): what texts write. */
  spelled?: string;
}

export interface WordingTable {
  lexicon: Lexicon;
  byReading: Map<string, Wording>;
  byLemmas: Map<string, Wording>;
  /** Wordings by surface, for one-edit lookups. */
  fuzzy: FuzzyIndex<Wording>;
  maxReadingLength: number;
  /** Reading of each wording (folded text → kana), and the tokenizer that read them. */
  readings: ReadonlyMap<string, string>;
  tokenize: TokenizeText;
  /** First character → lengths of the wordings (or readings) that start with it, longest first. */
  writtenLengths: ReadonlyMap<string, readonly number[]>;
  readingLengths: ReadonlyMap<string, readonly number[]>;
}

function lengthsByFirst(keys: Iterable<string>): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const key of keys) {
    const list = out.get(key[0] as string) ?? [];
    if (!list.includes(key.length)) list.push(key.length);
    out.set(key[0] as string, list);
  }
  for (const list of out.values()) list.sort((a, b) => b - a);
  return out;
}

const SKIPPED_POS = new Set(['助詞', '助動詞', '記号']);

/** Tokens that carry no content of their own: particles, auxiliaries, and dependent verbs (〜ている, 〜てある). */
export function isFunctionMorpheme(token: QueryToken): boolean {
  if (SKIPPED_POS.has(token.pos) || token.surface.trim() === '') return true;
  if (token.pos === '動詞' && token.detail === '非自立') return true;
  return token.pos === '名詞' && (token.detail === '非自立' || token.detail === '代名詞');
}

const HIRAGANA_START = /^[\u3041-\u3096]/u;

/**
 * Whether tokens start with a word written in kanji or katakana. Lemmas of words spelt in hiragana are kuromoji's
 * guesses (しょうか → し|ょうか), so only such spans are compared by lemma.
 */
export function hasLemmas(tokens: readonly QueryToken[]): boolean {
  const first = tokens[0];
  return first !== undefined && !HIRAGANA_START.test(first.surface);
}

/** The kana spelling of tokens: their readings, folded to hiragana. */
export function readingOf(tokens: readonly QueryToken[]): string {
  return tokens.map((t) => foldKana(t.reading)).join('');
}

// Auxiliaries that negate stay in a lemma key: 通り抜けできない is not 通り抜けできる.
const NEGATING = new Set(['ない', 'ぬ', 'ず', 'ん', 'ません']);
const keepsMeaning = (t: QueryToken) => !isFunctionMorpheme(t) || (t.pos === '助動詞' && NEGATING.has(t.basic));

// The attributive words 大きな / 小さな are the adjectives 大きい / 小さい before a noun: 大きい木 is 大きな木.
const ATTRIBUTIVE = new Map([
  ['大きな', '大きい'],
  ['小さな', '小さい'],
  ['おおきな', 'おおきい'],
  ['ちいさな', 'ちいさい'],
]);

/** The content lemmas of tokens, joined: 咲いている → 咲く, 石の階段 → 石|階段, 大きな木 → 大きい|木. */
export function lemmaKey(tokens: readonly QueryToken[]): string {
  return tokens
    .filter(keepsMeaning)
    .map((t) => {
      const basic = foldKana(t.basic);
      return ATTRIBUTIVE.get(basic) ?? basic;
    })
    .join('|');
}

// Label before synonym, listed before generated: the first wording filed under a key keeps it.
const rank = (w: Wording) => (w.kind === 'label' ? 0 : 1) + (w.generated ? 2 : 0);

function fileUnder(map: Map<string, Wording>, key: string, wording: Wording) {
  if (key.length === 0) return;
  const existing = map.get(key);
  if (!existing || rank(wording) < rank(existing)) map.set(key, wording);
}

export function buildWordingTable(lexicon: Lexicon, tokenize: TokenizeText): WordingTable {
  const byReading = new Map<string, Wording>();
  const byLemmas = new Map<string, Wording>();
  const fuzzy = new FuzzyIndex<Wording>();
  let maxReadingLength = 0;
  const wordings: Wording[] = [];
  const readings = new Map<string, string>();
  for (const [text, entry] of lexicon.entries) {
    const wording = toWording(text, entry);
    wordings.push(wording);
    const tokens = tokenize(entry.source ?? text);
    const reading = readingOf(tokens);
    readings.set(text, reading);
    fileUnder(byReading, reading, wording);
    maxReadingLength = Math.max(maxReadingLength, reading.length);
    if (hasLemmas(tokens) && !isOneInflectedWord(tokens)) fileUnder(byLemmas, lemmaKey(tokens), wording);
    if (!wording.generated) fuzzy.add(text, wording);
  }
  spellInKanji(lexicon, byReading, wordings);
  return {
    lexicon,
    byReading,
    byLemmas,
    fuzzy,
    maxReadingLength,
    readings,
    tokenize,
    writtenLengths: lengthsByFirst(lexicon.entries.keys()),
    readingLengths: lengthsByFirst(byReading.keys()),
  };
}

export function toWording(text: string, entry: LexiconEntry): Wording {
  const wording: Wording = {
    text,
    category: entry.category,
    kind: entry.matchedBy,
    generated: entry.generated === true,
  };
  if (entry.spelled !== undefined) wording.spelled = entry.spelled;
  return wording;
}

/** One word written in an inflected form names that form (止まれ painted on a road), not the verb's others. */
function isOneInflectedWord(tokens: readonly QueryToken[]): boolean {
  const content = tokens.filter((t) => !isFunctionMorpheme(t));
  return content.length === 1 && (content[0] as QueryToken).surface !== (content[0] as QueryToken).basic;
}

const tables = new WeakMap<Lexicon, WordingTable>();

/** The table of a lexicon, built on first use (the tokenizer is the process's one kuromoji). */
export function wordingTableFor(lexicon: Lexicon, tokenize: TokenizeText): WordingTable {
  let table = tables.get(lexicon);
  if (!table) {
    table = buildWordingTable(lexicon, tokenize);
    tables.set(lexicon, table);
  }
  return table;
}
