/**
 * Query → interpretation: normalise, find years, wards and category wording (longest first on token boundaries),
 * attach negations, and sort what is left into text terms and ignored words with a reason.
 */
import type { CategoryCatalog } from './categories.ts';
import { type MatchScope, negatedWords, scopeMatches } from './clause-scope.ts';
import { questionNegatorSpans } from './colloquial-negation.ts';
import { joinCompoundCategories } from './compound-joins.ts';
import { conditionConfidence, interpretationConfidence } from './confidence.ts';
import { headModifierMatches, scopeModifiersByHead } from './head-modifiers.ts';
import type { Condition, IgnoredWording, Interpretation, PlaceMention, YearMention } from './interpretation-types.ts';
import { readLeftovers } from './leftovers.ts';
import type { Lexicon } from './lexicon.ts';
import { nonSceneryRequest } from './main-request.ts';
import { matchMeaning, RULE_WEIGHTS } from './meaning/match.ts';
import { loadThesaurus, type Thesaurus } from './meaning/thesaurus.ts';
import { wordingTableFor } from './meaning/wordings.ts';
import { kindsOf } from './negated-kinds.ts';
import { foldKana, normalizeWidth } from './normalize.ts';
import { findPlaces, type WardMatcher } from './places.ts';
import { privativeMatches } from './privative.ts';
import { describedMatches } from './query-descriptions.ts';
import { isFunctionToken } from './query-words.ts';
import { type CountTogether, relaxSparseConditions } from './sparse-conditions.ts';
import type { TokenizeText } from './tokenizer.ts';
import { findYears } from './years.ts';

export interface InterpretContext {
  catalog: CategoryCatalog;
  lexicon: Lexicon;
  wards: WardMatcher;
  tokenize: TokenizeText;
  /** Whether any observation contains a folded word: decides whether a leftover word is searchable. */
  occurs: (folded: string) => boolean;
  /** How many scenes of the index show every one of some categories (absent: no requirement is released). */
  countTogether?: CountTogether;
  nowYear: number;
  /** The thesaurus (default: the generated table; null: none). */
  thesaurus?: Thesaurus | null;
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
const round2 = (x: number) => Math.round(x * 100) / 100;

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
      rule: 'preset',
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
    request_not_scenery: null,
    text_only: false,
    unverified_conditions: [],
    preferred: [],
    match_confidence: interpretationConfidence(conditions),
    combine: 'any',
  };
}

export function interpret(ctx: InterpretContext, input: InterpretInput): Interpretation {
  if (input.query === null) {
    if (input.preset === null) throw new Error('a query or a preset is required');
    return presetInterpretation(ctx, input.preset);
  }
  const normalized = normalizeWidth(input.query);
  const folded = foldKana(normalized);
  const tokens = ctx.tokenize(normalized);
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

  const table = wordingTableFor(ctx.lexicon, ctx.tokenize);
  const thesaurus = ctx.thesaurus === undefined ? loadThesaurus() : ctx.thesaurus;
  const matches = matchMeaning(table, tokens, folded, { free, ...(thesaurus ? { thesaurus } : {}) });
  joinCompoundCategories(ctx.catalog, folded, matches);
  for (const m of matches) claimed.push([m.start, m.end]);
  for (const m of privativeMatches(ctx.lexicon, folded, tokens, free)) {
    claimed.push([m.start, m.end]);
    matches.push(m);
  }
  const modifiers = headModifierMatches(table, tokens, folded, matches, free);
  for (const { match } of modifiers) {
    claimed.push([match.start, match.end]);
    matches.push(match);
  }
  matches.push(...describedMatches(ctx.catalog, ctx.tokenize, normalized, matches));
  matches.sort((a, b) => a.start - b.start);
  const { scopes, spans } = scopeMatches(folded, tokens, matches);
  scopeModifiersByHead(modifiers, matches, scopes);
  claimed.push(...spans, ...questionNegatorSpans(folded, tokens));
  const negatedLeft = negatedWords(folded, tokens, free, (t) => !isFunctionToken(t));
  negatedLeft.words.forEach((word, w) => {
    claimed.push([word.start, word.end]);
    const text = folded.slice(word.start, word.end);
    // A word heading kinds of the catalogue excludes each kind not already asked about (木 → 大きな木, 松の木 …).
    const kinds = kindsOf(ctx.lexicon, ctx.tokenize, word).filter(
      (k) => !matches.some((m) => m.category === k.category),
    );
    if (kinds.length === 0) ignored.push({ text, reason: 'negated_word' });
    const fewer = negatedLeft.fewer[w] === true;
    for (const k of kinds) {
      matches.push({
        ...k,
        category_id: k.category.id,
        start: word.start,
        end: word.end,
        text,
        rule: 'hypernym',
        weight: RULE_WEIGHTS.hypernym,
      });
      scopes.push(fewer ? { negated: true, soft: true, softBy: 'fewer' } : { negated: true, soft: false });
    }
  });
  claimed.push(...negatedLeft.spans);

  const conditions: Condition[] = [];
  const seen = new Set<string>();
  // A category said twice counts as said the firmest way: a requirement over a wish (朝市のような…市場).
  const firmest = new Map<string, number>();
  matches.forEach((m, i) => {
    const j = firmest.get(m.category.id);
    if (j === undefined || ((scopes[j] as MatchScope).soft && !(scopes[i] as MatchScope).soft))
      firmest.set(m.category.id, i);
  });
  matches.forEach((m, i) => {
    const c = m.category;
    if (seen.has(c.id) || firmest.get(c.id) !== i) {
      ignored.push({ text: m.text, reason: 'duplicate' });
      return;
    }
    seen.add(c.id);
    const { negated: isNegated, soft, softBy } = scopes[i] as MatchScope;
    conditions.push({
      key: isNegated ? `not:${c.id}` : c.id,
      category_id: c.id,
      label: c.label,
      label_en: c.label_en,
      group: c.group,
      matched_text: m.text,
      matched_by: m.kind,
      rule: m.rule,
      ...(m.wording === m.text ? {} : { matched_wording: m.wording }),
      weight: round2(
        (soft ? SOFT_WEIGHT : isNegated ? NEGATED_WEIGHT : c.group === 'atmosphere' ? ATMOSPHERE_WEIGHT : 1) * m.weight,
      ),
      negated: isNegated,
      soft,
      ...(soft && softBy ? { soft_by: softBy } : {}),
      confidence: conditionConfidence({ matched_by: m.kind, rule: m.rule }),
      origin: 'query',
    });
  });
  if (ctx.countTogether) {
    const relaxed = relaxSparseConditions(conditions, [...folded].length, ctx.countTogether, SOFT_WEIGHT);
    conditions.splice(0, conditions.length, ...relaxed);
  }
  conditions.sort((a, b) => b.weight - a.weight);

  const leftovers = readLeftovers(tokens, folded, free, ctx.occurs);
  const textTerms: string[] = [];
  // A wording read by meaning is looked up in the text as the catalogue writes it (ゆうほどう → 遊歩道).
  for (const c of conditions) {
    const term = c.matched_wording ?? c.matched_text;
    if (!c.negated && !c.soft && term && !textTerms.includes(term)) textTerms.push(term);
  }
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
    request_not_scenery: nonSceneryRequest(
      tokens,
      matches.map((m) => [m.start, m.end]),
    ),
    text_only: conditions.length === 0,
    unverified_conditions: [],
    preferred: conditions.filter((c) => c.soft).map((c) => c.key),
    match_confidence: interpretationConfidence(conditions),
    combine: 'all',
  };
}
