/**
 * Query → interpretation: normalise, find years, wards and category wording (longest first on token boundaries),
 * attach negations, and sort what is left into text terms and ignored words with a reason.
 */
import type { CategoryCatalog } from './categories.ts';
import { negatedWords, scopeMatches } from './clause-scope.ts';
import { conditionConfidence, interpretationConfidence } from './confidence.ts';
import type { Condition, IgnoredWording, Interpretation, PlaceMention, YearMention } from './interpretation-types.ts';
import { readLeftovers } from './leftovers.ts';
import { type Lexicon, type LexiconMatch, longestMatchAt } from './lexicon.ts';
import { foldKana, normalizeWidth } from './normalize.ts';
import { findPlaces, type WardMatcher } from './places.ts';
import { isFunctionToken } from './query-words.ts';
import type { QueryToken, TokenizeText } from './tokenizer.ts';
import { findYears } from './years.ts';

export interface InterpretContext {
  catalog: CategoryCatalog;
  lexicon: Lexicon;
  wards: WardMatcher;
  tokenize: TokenizeText;
  /** Whether any observation contains a folded word: decides whether a leftover word is searchable. */
  occurs: (folded: string) => boolean;
  nowYear: number;
  /** Oldest and newest capture years that can be searched (years outside are `unsupported_year`). */
  minYear: number;
  maxYear: number;
}

export interface InterpretInput {
  query: string | null;
  preset: string | null;
  /** Whether the request sent a non-empty ward / any of year_from, year_to (then query places/years are not applied). */
  wardSent: boolean;
  yearsSent: boolean;
}

const ATMOSPHERE_WEIGHT = 0.7;
const NEGATED_WEIGHT = 0.9;
const SOFT_WEIGHT = 0.5;

function presetInterpretation(ctx: InterpretContext, presetId: string): Interpretation {
  const preset = ctx.catalog.presetById.get(presetId);
  if (!preset) throw new Error(`unknown preset ${presetId}`);
  const conditions: Condition[] = preset.categories.map((id, i) => {
    const c = ctx.catalog.byId.get(id);
    if (!c) throw new Error(`preset ${presetId} names unknown category ${id}`);
    return {
      key: c.id,
      category_id: c.id,
      label: c.label,
      label_en: c.label_en,
      group: c.group,
      matched_text: null,
      matched_by: 'preset',
      weight: Math.round((1 - i * 0.05) * 100) / 100,
      negated: false,
      soft: false,
      confidence: conditionConfidence({ matched_by: 'preset' }),
      origin: 'preset',
    };
  });
  return {
    normalized_query: null,
    source: 'preset',
    conditions,
    text_terms: [],
    places: [],
    years: [],
    ignored: [],
    preset_set_aside: false,
    text_only: false,
    unverified_conditions: [],
    preferred: [],
    match_confidence: interpretationConfidence(conditions),
    combine: 'any',
  };
}

/**
 * Wording split by の that the dictionary knows joined: 狐の像 → 狐像, 石の鳥居 → 石鳥居. Both halves must be whole
 * tokens, and the joined form must be a known wording; the match then covers the whole span, の included.
 */
function findJoinedWording(
  lexicon: Lexicon,
  folded: string,
  tokens: QueryToken[],
  free: (s: number, e: number) => boolean,
) {
  const matches: LexiconMatch[] = [];
  for (let i = 1; i + 1 < tokens.length; i++) {
    const particle = tokens[i] as QueryToken;
    if (particle.surface !== 'の') continue;
    const left = tokens[i - 1] as QueryToken;
    const right = tokens[i + 1] as QueryToken;
    const joined = folded.slice(left.start, left.end) + folded.slice(right.start, right.end);
    const entry = lexicon.entries.get(joined);
    if (!entry || !free(left.start, right.end) || matches.some((m) => m.end > left.start)) continue;
    matches.push({ start: left.start, end: right.end, text: folded.slice(left.start, right.end), entry });
  }
  return matches;
}

/** Category wording matches: token-aligned first, then longer wordings (3+) anywhere still free. */
function findWording(
  lexicon: Lexicon,
  folded: string,
  boundaries: Set<number>,
  free: (s: number, e: number) => boolean,
) {
  const matches: LexiconMatch[] = [];
  const everywhere = new Set(Array.from({ length: folded.length + 1 }, (_, i) => i));
  for (const pass of [boundaries, everywhere]) {
    for (let i = 0; i < folded.length; ) {
      const m = longestMatchAt(lexicon, folded, i, pass);
      const ok = m !== null && (pass === boundaries || m.text.length >= 3) && free(m.start, m.end);
      if (ok && !matches.some((x) => m.start < x.end && m.end > x.start)) {
        matches.push(m);
        i = m.end;
      } else i++;
    }
  }
  return matches.sort((a, b) => a.start - b.start);
}

export function interpret(ctx: InterpretContext, input: InterpretInput): Interpretation {
  if (input.query === null) {
    if (input.preset === null) throw new Error('a query or a preset is required');
    return presetInterpretation(ctx, input.preset);
  }
  const normalized = normalizeWidth(input.query);
  const folded = foldKana(normalized);
  const tokens = ctx.tokenize(normalized);
  const boundaries = new Set<number>([0, folded.length]);
  for (const t of tokens) boundaries.add(t.start).add(t.end);
  const claimed: [number, number][] = [];
  const free = (s: number, e: number) => !claimed.some(([a, b]) => s < b && e > a);
  const ignored: IgnoredWording[] = [];

  const years: YearMention[] = [];
  for (const span of findYears(folded, ctx.nowYear)) {
    claimed.push([span.start, span.end]);
    // A range reaching past the newest searchable year is cut there (2020年代 → 2020-2026); one starting after it,
    // or ending before the oldest, cannot be searched.
    const to = span.to === null ? null : Math.min(span.to, ctx.maxYear);
    const from = span.from === null ? null : Math.max(span.from, ctx.minYear);
    const unsupported =
      (span.from !== null && span.from > ctx.maxYear) ||
      (span.to !== null && span.to < ctx.minYear) ||
      (from !== null && to !== null && from > to);
    if (unsupported) ignored.push({ text: span.text, reason: 'unsupported_year' });
    else years.push({ matched_text: span.text, from, to, applied: !input.yearsSent });
  }

  const places: PlaceMention[] = [];
  for (const span of findPlaces(ctx.wards, folded, (s, e) => !free(s, e))) {
    claimed.push([span.start, span.end]);
    places.push({ matched_text: span.text, ward: span.ward, applied: !input.wardSent && places.length === 0 });
  }

  const joined = findJoinedWording(ctx.lexicon, folded, tokens, free);
  for (const m of joined) claimed.push([m.start, m.end]);
  const matches = [...joined, ...findWording(ctx.lexicon, folded, boundaries, free)].sort((a, b) => a.start - b.start);
  for (const m of matches) claimed.push([m.start, m.end]);
  const { scopes, spans } = scopeMatches(folded, tokens, matches);
  claimed.push(...spans);
  const negatedLeft = negatedWords(folded, tokens, free, (t) => !isFunctionToken(t));
  for (const word of negatedLeft.words) {
    claimed.push([word.start, word.end]);
    ignored.push({ text: folded.slice(word.start, word.end), reason: 'negated_word' });
  }
  claimed.push(...negatedLeft.spans);

  const conditions: Condition[] = [];
  const seen = new Set<string>();
  matches.forEach((m, i) => {
    const c = m.entry.category;
    if (seen.has(c.id)) {
      ignored.push({ text: m.text, reason: 'duplicate' });
      return;
    }
    seen.add(c.id);
    const { negated: isNegated, soft } = scopes[i] as { negated: boolean; soft: boolean };
    conditions.push({
      key: isNegated ? `not:${c.id}` : c.id,
      category_id: c.id,
      label: c.label,
      label_en: c.label_en,
      group: c.group,
      matched_text: m.text,
      matched_by: m.entry.matchedBy,
      weight: soft ? SOFT_WEIGHT : isNegated ? NEGATED_WEIGHT : c.group === 'atmosphere' ? ATMOSPHERE_WEIGHT : 1,
      negated: isNegated,
      soft,
      confidence: conditionConfidence({ matched_by: m.entry.matchedBy }),
      origin: 'query',
    });
  });
  conditions.sort((a, b) => b.weight - a.weight);

  const leftovers = readLeftovers(tokens, folded, free, ctx.occurs);
  const textTerms: string[] = [];
  for (const c of conditions)
    if (!c.negated && !c.soft && c.matched_text && !textTerms.includes(c.matched_text)) textTerms.push(c.matched_text);
  for (const term of leftovers.terms) {
    if (textTerms.includes(term)) ignored.push({ text: term, reason: 'duplicate' });
    else textTerms.push(term);
  }
  ignored.push(...leftovers.ignored);
  return {
    normalized_query: folded,
    source: 'query',
    conditions,
    text_terms: textTerms,
    places,
    years,
    ignored,
    preset_set_aside: input.preset !== null,
    text_only: conditions.length === 0,
    unverified_conditions: [],
    preferred: conditions.filter((c) => c.soft).map((c) => c.key),
    match_confidence: interpretationConfidence(conditions),
    combine: 'all',
  };
}
