/** Scene items of a results page: position, capture, generation, quotes as evidence, match values and tags. */
import type { CategoryCatalog } from './categories.ts';
import { conditionWords } from './condition-words.ts';
import { queryCoverage } from './confidence.ts';
import { type Corpus, type CorpusObservation, tagsOf } from './corpus.ts';
import {
  assessCategory,
  assessTerm,
  type CategoryMatcher,
  type FoldCache,
  type FoldedObservation,
  foldObservation,
} from './evidence.ts';
import type { Interpretation } from './interpretation-types.ts';
import type { SearchableObservation } from './observation-text.ts';
import { type Quote, quoteFor } from './quotes.ts';

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

function quotesFor(doc: FoldedObservation, interpretation: Interpretation, ctx: ResultContext): Quote[] {
  const quotes: Quote[] = [];
  const add = (quote: Quote) => {
    if (!quotes.some((q) => q.source_pointer === quote.source_pointer && q.text === quote.text)) quotes.push(quote);
  };
  for (const condition of interpretation.conditions) {
    const matcher = ctx.matcherFor(condition.category_id);
    if (!matcher) continue;
    const finding = assessCategory(doc, matcher);
    // A negated condition is supported by a statement of absence, a positive one by a mention.
    const supports = condition.negated ? finding.presence === 0 : finding.presence >= 2;
    if (supports && finding.passage) add(quoteFor(doc.leaves, finding.passage, condition.category_id));
  }
  const worded = conditionWords(interpretation.conditions);
  for (const term of interpretation.text_terms) {
    if (worded.has(term)) continue;
    const finding = assessTerm(doc, term);
    if (finding.passage) add(quoteFor(doc.leaves, finding.passage, null));
  }
  return quotes.slice(0, MAX_QUOTES);
}

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
    quotes: quotesFor(folded, interpretation, ctx),
    match_score: Math.round(match.score * queryCoverage(interpretation) * 1000) / 1000,
    // The judge's firmness, discounted by how surely the query was read (a fuzzy match is less sure than a label).
    match_confidence:
      match.judged && match.confidence !== null
        ? Math.round(match.confidence * (interpretation.match_confidence ?? 1) * 100) / 100
        : null,
    match_probabilities: match.judged ? match.probabilities : null,
    tags: tagsOf(corpus, doc).map((i) => ctx.catalog.categories[i]?.id as string),
  };
}
