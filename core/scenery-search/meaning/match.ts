/**
 * Category wording found in a tokenised text by meaning, not only by spelling. Rules, tried in this order, each
 * on what the earlier ones left free: the catalogue's wording as written (`label`, `synonym`, whole morphemes only),
 * particle and conjugation variants (`inflection`: 石の階段 → 石段, 咲いている → 咲く), kana spellings through
 * readings (`reading`: ゆうほどう → 遊歩道), thesaurus variants (`thesaurus`: the generated Sudachi table), and one
 * edit or a 長音 away (`fuzzy`). Reused on observation text: the input is kuromoji's tokens and the folded text.
 */
import { isFunctionToken } from '../query-words.ts';
import type { QueryToken } from '../tokenizer.ts';
import { type CategoryMatch, toMatch } from './category-match.ts';
import { findEnglishLabels } from './english.ts';
import { joinMatches } from './joins.ts';
import { findReadingMatches } from './reading-match.ts';
import { findRomaji } from './romaji.ts';
import { isWholeSpan, type SpanRules, spanRules } from './spans.ts';
import { type Thesaurus, thesaurusLookup } from './thesaurus.ts';
import { findSpellingVariants, widenByReading } from './variants.ts';
import {
  hasLemmas,
  isFunctionMorpheme,
  lemmaKey,
  readingOf,
  toWording,
  type Wording,
  type WordingTable,
} from './wordings.ts';

export { type CategoryMatch, type MatchRule, RULE_WEIGHTS } from './category-match.ts';

export interface MatchOptions {
  /** Spans still open (not taken by a year or a place); default: all. */
  free?: (start: number, end: number) => boolean;
  thesaurus?: Thesaurus;
}

const MAX_SPAN_TOKENS = 6;
// A misspelt word is cut by kuromoji into a few pieces at most (横段歩道 → 横|段歩|道).
const MAX_FUZZY_TOKENS = 3;
const HIRAGANA = /^[\u3041-\u3096]+$/u;

/** Spans of up to MAX_SPAN_TOKENS whole tokens, longest first from each start: [first token, last token]. */
function* tokenSpans(tokens: readonly QueryToken[], most = MAX_SPAN_TOKENS): Generator<[number, number]> {
  for (let i = 0; i < tokens.length; i++) {
    for (let j = Math.min(tokens.length, i + most) - 1; j >= i; j--) yield [i, j];
  }
}

export function matchMeaning(
  table: WordingTable,
  tokens: readonly QueryToken[],
  folded: string,
  options: MatchOptions = {},
): CategoryMatch[] {
  const rules = spanRules(tokens, folded);
  const matches: CategoryMatch[] = [];
  const outside = options.free ?? (() => true);
  const free = (s: number, e: number) => outside(s, e) && !matches.some((m) => s < m.end && e > m.start);
  const take = (m: CategoryMatch | null) => {
    if (m && free(m.start, m.end)) matches.push(m);
  };

  for (const m of joinedMatches(table, tokens, folded)) take(m);
  for (const m of findEnglishLabels(table, tokens, folded)) take(m);
  for (const m of writtenMatches(table, rules, folded)) take(m);
  for (const [i, j] of tokenSpans(tokens)) take(lemmaMatch(table, rules, folded, i, j));
  for (const m of findReadingMatches(table, rules, folded, free)) take(m);
  for (const m of findRomaji(table, tokens, folded)) take(m);
  if (options.thesaurus) {
    for (const [i, j] of tokenSpans(tokens)) take(thesaurusMatch(table, options.thesaurus, rules, folded, i, j));
  }
  for (const m of findSpellingVariants(table, rules, folded, free)) take(m);
  for (const [i, j] of tokenSpans(tokens, MAX_FUZZY_TOKENS)) take(fuzzyMatch(table, rules, folded, i, j, free));
  widenByFuzzy(table, rules, folded, matches, outside);
  widenByReading(table, rules, folded, matches, outside);
  joinMatches(table, folded, matches);
  return matches;
}

/**
 * A written match followed by a noun nothing took may be a misspelt longer wording (歩道 + 僑 → 歩道橋, 駐輪 + 上 →
 * 駐輪場): the two together, read like a wording or one edit from a wording that begins with the match and is no
 * shorter than the two, replace the match.
 */
function widenByFuzzy(
  table: WordingTable,
  rules: SpanRules,
  folded: string,
  matches: CategoryMatch[],
  outside: (s: number, e: number) => boolean,
) {
  const dropped = new Set<CategoryMatch>();
  matches.forEach((m, k) => {
    const next = rules.startingAt.get(m.end);
    if (m.rule !== 'label' && m.rule !== 'synonym') return;
    if (!next || !isNounPart(next) || isFunctionMorpheme(next) || !outside(next.start, next.end)) return;
    // A one-character wording there is the compound's end, not a word of its own (ブロック + 堀 → ブロック塀).
    const tail = matches.find((x) => x.start < next.end && x.end > next.start);
    if (tail && (tail.start !== next.start || tail.end !== next.end || next.end - next.start !== 1)) return;
    const surface = folded.slice(m.start, next.end);
    const tokens = rules.tokens.filter((t) => t.start >= m.start && t.end <= next.end);
    const read = table.byReading.get(readingOf(tokens));
    const near = uniqueNear(table, surface, surface.length);
    const found = read && read.text !== surface ? read : near?.text.startsWith(m.text) ? near : null;
    if (!found) return;
    matches[k] = toMatch(found, m.start, next.end, folded, 'fuzzy');
    if (tail) dropped.add(tail);
  });
  for (const m of dropped) matches.splice(matches.indexOf(m), 1);
}

const NONE: readonly number[] = [];
function mergedLengths(a: readonly number[] = NONE, b: readonly number[] = NONE): readonly number[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  return [...new Set([...a, ...b])].sort((x, y) => y - x);
}

/**
 * The written wording, longest first from each token boundary, as a whole-morpheme span. Hiragana is compared with
 * the readings too, so that the longest word wins (ろじうら is 路地裏, not ろじ and うら).
 */
function writtenMatches(table: WordingTable, rules: SpanRules, folded: string): CategoryMatch[] {
  const found: CategoryMatch[] = [];
  const starts = [...new Set([...rules.boundaries, ...rules.kanaInside])].sort((a, b) => a - b);
  let reached = 0;
  for (const start of starts) {
    if (start < reached) continue;
    const first = folded[start] as string;
    const lengths = mergedLengths(table.writtenLengths.get(first), table.readingLengths.get(first));
    for (const length of lengths) {
      if (start + length > folded.length) continue;
      const text = folded.slice(start, start + length);
      const entry = table.lexicon.entries.get(text);
      const read = entry || !HIRAGANA.test(text) ? undefined : table.byReading.get(text);
      if (!(entry || read) || !isWholeSpan(rules, start, start + length, entry ? 'written' : 'content')) continue;
      const m = entry
        ? toMatch(toWording(text, entry), start, start + length, folded, 'label')
        : toMatch(read as Wording, start, start + length, folded, 'reading');
      found.push(m);
      reached = start + length;
      break;
    }
  }
  return found;
}

/**
 * X の Z as the compound the catalogue lists: X+Z (石の鳥居 → 石鳥居) or X followed by the end of Z (石の階段 →
 * 石段, 階段 ending in 段). Both must be whole content tokens.
 */
function joinedMatches(table: WordingTable, tokens: readonly QueryToken[], folded: string): CategoryMatch[] {
  const found: CategoryMatch[] = [];
  for (let i = 1; i + 1 < tokens.length; i++) {
    const left = tokens[i - 1] as QueryToken;
    const particle = tokens[i] as QueryToken;
    const right = tokens[i + 1] as QueryToken;
    if (particle.surface !== 'の' || isFunctionMorpheme(left) || isFunctionMorpheme(right)) continue;
    if (left.pos !== '名詞' || right.pos !== '名詞') continue;
    const head = folded.slice(left.start, left.end);
    const tail = folded.slice(right.start, right.end);
    for (let cut = 0; cut < tail.length; cut++) {
      const joined = head + tail.slice(cut);
      const entry = table.lexicon.entries.get(joined);
      if (!entry) continue;
      found.push(toMatch(toWording(joined, entry), left.start, right.end, folded, 'inflection'));
      break;
    }
  }
  return found;
}

/** Tokens i..j whose content lemmas are a wording's (咲いている → 咲く, 寂れていた → 寂れた). */
function lemmaMatch(table: WordingTable, rules: SpanRules, folded: string, i: number, j: number) {
  const span = rules.tokens.slice(i, j + 1);
  const start = (span[0] as QueryToken).start;
  const end = (span[span.length - 1] as QueryToken).end;
  if (!hasLemmas(span) || !isWholeSpan(rules, start, end)) return null;
  const wording = table.byLemmas.get(lemmaKey(span));
  return wording ? toMatch(wording, start, end, folded, 'inflection') : null;
}

function thesaurusMatch(
  table: WordingTable,
  thesaurus: Thesaurus,
  rules: SpanRules,
  folded: string,
  i: number,
  j: number,
) {
  const span = rules.tokens.slice(i, j + 1);
  const start = (span[0] as QueryToken).start;
  const end = (span[span.length - 1] as QueryToken).end;
  if (!isWholeSpan(rules, start, end) || (i === j && isFunctionToken(span[0] as QueryToken))) return null;
  const surface = folded.slice(start, end);
  const hit = thesaurusLookup(thesaurus, surface) ?? (i === j ? thesaurusLookup(thesaurus, lemmaKey(span)) : null);
  if (!hit) return null;
  const entry = table.lexicon.entries.get(hit);
  return entry ? toMatch(toWording(hit, entry), start, end, folded, 'thesaurus') : null;
}

/**
 * Tokens i..j, all nouns, one edit (or a 長音) from exactly one category's wording. Left alone: a span that is one
 * word the dictionary knows (a different word, not a misspelling), a span written in hiragana only (kuromoji's cuts
 * of it are guesses), and a three-character span whose first character differs (ろけ地 is not がけ地).
 */
function fuzzyMatch(
  table: WordingTable,
  rules: SpanRules,
  folded: string,
  i: number,
  j: number,
  free: (s: number, e: number) => boolean,
) {
  const span = rules.tokens.slice(i, j + 1);
  const start = (span[0] as QueryToken).start;
  const end = (span[span.length - 1] as QueryToken).end;
  const one = i === j ? (span[0] as QueryToken) : null;
  if (one?.known || (one && isFunctionToken(one)) || !span.every(isNounPart)) return null;
  if (HIRAGANA.test(span.map((t) => t.surface).join('')) || !free(start, end)) return null;
  if (!isWholeSpan(rules, start, end, 'strict')) return null;
  const found = uniqueNear(table, folded.slice(start, end), 0);
  return found ? toMatch(found, start, end, folded, 'fuzzy') : null;
}

const isNounPart = (t: QueryToken) => t.pos === '名詞' || t.pos === '接頭詞';

/** The one category's wording within one edit of `surface` (no shorter than `minLength`), or null. */
function uniqueNear(table: WordingTable, surface: string, minLength: number): Wording | null {
  const near = table.fuzzy.near(surface).filter((n) => n.key.length >= minLength);
  const kept = surface.length === 3 ? near.filter((n) => n.key[0] === surface[0]) : near;
  if (new Set(kept.map((n) => n.value.category.id)).size !== 1) return null;
  return kept.find((n) => n.value.kind === 'label')?.value ?? (kept[0] as (typeof kept)[number]).value;
}
