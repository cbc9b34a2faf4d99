/** Scene items of a results page: position, capture, generation, quotes as evidence, match values and tags. */
import type { CategoryCatalog } from './categories.ts';
import { conditionWords } from './condition-words.ts';
import { type Corpus, type CorpusObservation, tagSourceOf, tagsOf } from './corpus.ts';
import {
  assessCategory,
  assessTerm,
  type CategoryMatcher,
  type FoldCache,
  type FoldedObservation,
  foldObservation,
  statementOf,
  supportingLeaves,
} from './evidence.ts';
import type { Interpretation } from './interpretation-types.ts';
import { DROPPED_WORD, PARTIAL_EXCLUSION, passagesFactor, SHARED_PASSAGE } from './match-probability.ts';
import type { SearchableObservation } from './observation-text.ts';
import { type Quote, quoteFor } from './quotes.ts';
import { readShareFactor } from './read-share.ts';

export interface SceneLinks {
  detail: string;
  observation: string;
  image: string;
  source: string;
}

/** What the engine knows of a ranked candidate when it becomes a result. */
export interface ResultMatch {
  judged: boolean;
  score: number;
  confidence: number | null;
  probabilities: Record<string, number> | null;
  /** Its text holds partial evidence of an excluded thing (partial-mentions.ts). */
  demoted?: boolean;
}

export interface SceneItem {
  id: string;
  year: number | null;
  capture_year: number | null;
  lat: number;
  lon: number;
  ward: string | null;
  title: string;
  coordinate_role: 'image_capture_position';
  generation: { id: string | null; status: 'released'; version: number | null };
  source_release?: string;
  links?: SceneLinks;
  quotes: Quote[];
  match_score: number;
  match_confidence: number | null;
  match_probabilities: Record<string, number> | null;
  tags: string[];
  [extra: string]: unknown;
}

export interface ResultContext {
  corpus: Corpus;
  catalog: CategoryCatalog;
  matcherFor: (categoryId: string) => CategoryMatcher | null;
  sourceRelease?: string;
  links?: (sceneId: string) => SceneLinks;
  /** The page's folded observations (those the judge folded are not folded again). */
  folds?: FoldCache;
}

const MAX_QUOTES = 4;

function titleOf(observation: SearchableObservation & { title?: string }): string {
  if (observation.title?.trim()) return observation.title;
  const first = observation.summary.split(/[。\n]/u)[0]?.trim() ?? '';
  return first.length > 40 ? `${first.slice(0, 40)}…` : first || '観察';
}

/**
 * The quotes, how many required conditions are supported only by a passage another condition already quoted, and
 * (when `countPassages`) how many passages state each hard condition, counted as the judge's scoring counts them: by
 * phrases and wordings, and by the tagger only when none states it (running the tagger over every text of every
 * shown result was most of a text page's time). Skipped for a judged result, whose score counted them already.
 */
function quotesFor(
  doc: FoldedObservation,
  interpretation: Interpretation,
  ctx: ResultContext,
  countPassages: boolean,
  indexTagged: (categoryId: string) => boolean,
): { quotes: Quote[]; shared: number; passages: number[] } {
  const quotes: Quote[] = [];
  const passages: number[] = [];
  let shared = 0;
  const add = (quote: Quote) => {
    const known = quotes.some((q) => q.source_pointer === quote.source_pointer && q.text === quote.text);
    if (!known) quotes.push(quote);
    return !known;
  };
  for (const condition of interpretation.conditions) {
    const matcher = ctx.matcherFor(condition.category_id);
    if (!matcher) continue;
    // A negated condition is supported by a statement of absence, a positive one by a mention.
    const finding = condition.negated
      ? assessCategory(doc, matcher)
      : statementOf(doc, matcher, indexTagged(condition.category_id));
    const supports = finding !== null && (condition.negated ? finding.presence === 0 : finding.presence >= 2);
    if (!supports || !finding.passage) continue;
    if (countPassages && !condition.negated && !condition.soft) passages.push(supportingLeaves(doc, matcher, false));
    const own = add(quoteFor(doc.leaves, finding.passage, condition.category_id));
    if (!own && !condition.negated && !condition.soft && interpretation.combine === 'all') shared++;
  }
  const worded = conditionWords(interpretation.conditions);
  for (const term of interpretation.text_terms) {
    if (worded.has(term)) continue;
    const finding = assessTerm(doc, term);
    if (finding.passage) add(quoteFor(doc.leaves, finding.passage, null));
  }
  return { quotes: quotes.slice(0, MAX_QUOTES), shared, passages };
}

// Content words set aside: the result may miss what they asked for.
const SET_ASIDE: ReadonlySet<string> = new Set(['not_scenery', 'unknown_place', 'negated_word']);

export function buildSceneItem(
  ctx: ResultContext,
  doc: number,
  observation: CorpusObservation | (SearchableObservation & { title?: string }),
  interpretation: Interpretation,
  match: ResultMatch,
): SceneItem {
  const { corpus } = ctx;
  const source = observation as Partial<CorpusObservation>;
  const year = (corpus.year[doc] as number) || null;
  const wardIndex = corpus.ward[doc] as number;
  const id = corpus.ids.at(doc);
  const folded = foldObservation(observation, ctx.folds);
  const indexTagged = (categoryId: string) => tagSourceOf(corpus, doc, corpus.categoryIndex.get(categoryId) ?? -1) >= 0;
  const { quotes, shared, passages } = quotesFor(folded, interpretation, ctx, !match.judged, indexTagged);
  const setAside = interpretation.ignored.filter((w) => SET_ASIDE.has(w.reason)).length;
  const partlyRead = readShareFactor(interpretation);
  return {
    id,
    year,
    capture_year: year,
    lat: corpus.lat[doc] as number,
    lon: corpus.lon[doc] as number,
    ward: wardIndex < 0 ? null : (corpus.wards[wardIndex] as string),
    title: titleOf(observation),
    coordinate_role: 'image_capture_position',
    generation: {
      id: source.generation?.id ?? null,
      status: 'released',
      version: source.generation?.version ?? null,
    },
    ...(source.scene ?? {}),
    ...(ctx.sourceRelease === undefined ? {} : { source_release: ctx.sourceRelease }),
    ...(ctx.links === undefined ? {} : { links: ctx.links(id) }),
    quotes,
    // The ranked probability, discounted for words set aside, for a query read only in part, for partial evidence
    // of an excluded thing and, when judged, for one passage read as two conditions; raised for conditions the
    // observation states in several passages.
    match_score:
      Math.round(
        Math.min(
          1,
          match.score *
            SHARED_PASSAGE ** (match.judged ? shared : 0) *
            DROPPED_WORD ** setAside *
            partlyRead *
            (match.demoted ? PARTIAL_EXCLUSION : 1) *
            // A judged score counted the passages already (scoring.ts), before the page was cut.
            (match.judged ? 1 : passagesFactor(passages)),
        ) * 1000,
      ) / 1000,
    // The judge's firmness, discounted by how surely the query was read (a fuzzy match is less sure than a label)
    // and by how much of it was read.
    match_confidence:
      match.judged && match.confidence !== null
        ? Math.round(match.confidence * (interpretation.match_confidence ?? 1) * partlyRead * 100) / 100
        : null,
    match_probabilities: match.judged ? match.probabilities : null,
    tags: tagsOf(corpus, doc).map((i) => ctx.catalog.categories[i]?.id as string),
  };
}

/** What decides a shown candidate's group on the page (page.ts): judged before index-ranked, passing first. */
interface Placed {
  item: SceneItem;
  judged: boolean;
  passes: boolean;
  satisfied: number;
  demoted?: boolean;
  /** Released requirements it lacks (page.ts `Ranked.lacking`). */
  lacking?: number;
}

/**
 * The page's scenes by their final match_score within the page's groups (in a related page, most conditions met
 * first; those lacking a released requirement after those showing every one): the discounts and passages above are
 * known only once the observations are read, after the page was cut.
 */
export function orderByScore(placed: Placed[], related: boolean): SceneItem[] {
  const group = (p: Placed) =>
    (related ? -p.satisfied * 8 : 0) + (p.judged ? 0 : 4) + (p.passes ? 0 : 2) + (p.demoted ? 1 : 0);
  return placed
    .map((p, order) => ({ p, order }))
    .sort(
      (a, b) =>
        group(a.p) - group(b.p) ||
        (a.p.lacking ?? 0) - (b.p.lacking ?? 0) ||
        b.p.item.match_score - a.p.item.match_score ||
        a.order - b.order,
    )
    .map(({ p }) => p.item);
}
