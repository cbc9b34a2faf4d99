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
import { findReadingMatches } from './reading-match.ts';
import { isWholeSpan, type SpanRules, spanRules } from './spans.ts';
import { type Thesaurus, thesaurusLookup } from './thesaurus.ts';
import { hasLemmas, isFunctionMorpheme, lemmaKey, toWording, type Wording, type WordingTable } from './wordings.ts';

export { type CategoryMatch, type MatchRule, RULE_WEIGHTS } from './category-match.ts';

export interface MatchOptions {
  /** Spans still open (not taken by a year or a place); default: all. */
  free?: (start: number, end: number) => boolean;
  thesaurus?: Thesaurus;
}

const MAX_SPAN_TOKENS = 6;
const ALL_KANA = /^[\u3041-\u3096\u30fc]+$/u;
const HIRAGANA = /^[\u3041-\u3096]+$/u;

/** Spans of up to MAX_SPAN_TOKENS whole tokens, longest first from each start: [first token, last token]. */
function* tokenSpans(tokens: readonly QueryToken[]): Generator<[number, number]> {
  for (let i = 0; i < tokens.length; i++) {
    for (let j = Math.min(tokens.length, i + MAX_SPAN_TOKENS) - 1; j >= i; j--) yield [i, j];
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
  for (const m of writtenMatches(table, rules, folded)) take(m);
  for (const [i, j] of tokenSpans(tokens)) take(lemmaMatch(table, rules, folded, i, j));
  for (const m of findReadingMatches(table, rules, folded, free)) take(m);
  if (options.thesaurus) {
    for (const [i, j] of tokenSpans(tokens)) take(thesaurusMatch(table, options.thesaurus, rules, folded, i, j));
  }
  for (const [i, j] of tokenSpans(tokens)) take(fuzzyMatch(table, rules, folded, i, j, free));
  widenByFuzzy(table, rules, folded, matches, outside);
  return matches.sort((a, b) => a.start - b.start);
}

/**
 * A written match followed by a token nothing took may be a misspelt longer wording (歩道 + 僑 → 歩道橋, 駐輪 + 上 →
 * 駐輪場): the two together, one substitution or insertion from a wording no shorter than them, replace the match.
 */
function widenByFuzzy(
  table: WordingTable,
  rules: SpanRules,
  folded: string,
  matches: CategoryMatch[],
  outside: (s: number, e: number) => boolean,
) {
  matches.forEach((m, k) => {
    const next = rules.startingAt.get(m.end);
    if (m.rule !== 'label' && m.rule !== 'synonym') return;
    if (!next || isFunctionMorpheme(next) || !outside(next.start, next.end)) return;
    if (matches.some((x) => x.start < next.end && x.end > next.start)) return;
    const surface = folded.slice(m.start, next.end);
    const near = table.fuzzy.near(surface).filter((n) => n.key.length >= surface.length);
    if (new Set(near.map((n) => n.value.category.id)).size !== 1) return;
    matches[k] = toMatch((near[0] as (typeof near)[number]).value, m.start, next.end, folded, 'fuzzy');
  });
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
    const longest = Math.min(Math.max(table.lexicon.maxLength, table.maxReadingLength), folded.length - start);
    for (let length = longest; length >= 1; length--) {
      const text = folded.slice(start, start + length);
      const entry = table.lexicon.entries.get(text);
      const read = entry || !HIRAGANA.test(text) ? undefined : table.byReading.get(text);
      if (!(entry || read) || !isWholeSpan(rules, start, start + length, entry === undefined)) continue;
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
 * Tokens i..j one edit (or a 長音) from exactly one category's wording. A span that is one word the dictionary
 * knows is a different word, not a misspelling, and is left alone.
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
  if (one?.known || (one && isFunctionToken(one)) || !free(start, end) || !isWholeSpan(rules, start, end)) return null;
  const surface = folded.slice(start, end);
  // Readings one edit apart are compared only for a span written in kana: a kanji span's reading is kuromoji's guess.
  const near = [...table.fuzzy.near(surface), ...(ALL_KANA.test(surface) ? table.fuzzyReading.near(surface) : [])];
  const categories = new Set(near.map((n) => n.value.category.id));
  if (categories.size !== 1) return null;
  const best = near.find((n) => n.value.kind === 'label') ?? (near[0] as (typeof near)[number]);
  return toMatch(best.value, start, end, folded, 'fuzzy');
}
