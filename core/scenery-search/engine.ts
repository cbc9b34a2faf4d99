/**
 * The scenery search engine: createSearchEngine(corpus, catalog, options).search(body, now) answers one page of
 * POST /explore/api/search, everything except api_version, source_release and license (and, unless the options
 * supply them, each result's source_release and links).
 */
import type { Coverage, Pagination, Usage } from '../../generated/scenery-search/types.gen.ts';
import { issueCursor, resumeCursorRecord } from '../cursor/cursors.ts';
import { CURSOR_TTL_S, type CursorStore, MemoryCursorStore } from '../cursor/store.ts';
import { ApiError } from '../errors.ts';
import type { CategoryCatalog } from './categories.ts';
import { captureYearBounds, searchBudget } from './contract.ts';
import { buildCorpus, type Corpus, type CorpusObservation } from './corpus.ts';
import { matcherFor, registerTagger } from './evidence.ts';
import { type AppliedFilters, applyFilters, compileFilter, filtersCanMatch, filterWarnings } from './filters.ts';
import { interpretationWarnings, RELATED_WARNING, understoodScenery } from './honesty.ts';
import { interpret } from './interpret.ts';
import type { Interpretation } from './interpretation-types.ts';
import { RubricJudge } from './judge/rubric.ts';
import type { Judge } from './judge/types.ts';
import { buildLexicon, type Lexicon } from './lexicon.ts';
import { loadThesaurus } from './meaning/thesaurus.ts';
import { wordingTableFor } from './meaning/wordings.ts';
import { loadTagger } from './observation-tagger.ts';
import type { SearchableObservation } from './observation-text.ts';
import { PageCache, type PageCacheOptions, pageCacheKey } from './page-cache.ts';
import { buildWardMatcher, type WardMatcher } from './places.ts';
import { EMPTY_POSTINGS, intersectAll } from './postings.ts';
import { BOUND_FIELDS, bindingOf, nextRequest, resolveRequest, type SearchBody } from './request.ts';
import { compileRequestCheck } from './request-check.ts';
import type { SceneItem, SceneLinks } from './results.ts';
import { runPage, type SearchState } from './run-page.ts';
import { loadTokenizer } from './tokenizer.ts';

export interface SearchEngineOptions {
  /** The judge of mode jev (default: the built-in rubric judge). */
  judge?: Judge;
  cursorStore?: CursorStore;
  /** Ward labels listed by the metadata endpoint (default: the wards found in the corpus). */
  wards?: string[];
  /**
   * Loads observations by scene id when the corpus does not keep them in memory. `withScene` false (only when
   * `loadSceneFields` is given): for the judge, the scene columns results show (`scene`) may be left out.
   */
  loadObservations?: (ids: string[], withScene: boolean) => Promise<Map<string, SearchableObservation>>;
  /** The scene columns of the results whose observations were loaded without them. */
  loadSceneFields?: (ids: string[]) => Promise<Map<string, Record<string, unknown>>>;
  /** After this many ms a page is returned with what was judged so far (stop_reason page_ready). Default 2500. */
  timeLimitMs?: number;
  /** Judge batches in flight at once (default 4 for an external judge, 1 for the built-in one). */
  judgeConcurrency?: number;
  /** Added to every result when given (otherwise the caller adds them). */
  sourceRelease?: string;
  links?: (sceneId: string) => SceneLinks;
  /** The short-lived cache of answered pages (`cached: true`); false turns it off. */
  pageCache?: PageCacheOptions | false;
}

export interface SearchPage {
  data_language: 'ja';
  query?: string;
  results: SceneItem[];
  applied_filters: AppliedFilters;
  interpretation: Interpretation;
  coverage: Coverage;
  pagination: Pagination;
  usage: Required<Usage>;
  mode: 'jev' | 'text' | 'related';
  warning: string | null;
  has_more: boolean;
  cached: boolean;
  inference_calls: number;
  inference_input_tokens: number;
  search_complete: boolean;
}

export interface SearchEngine {
  readonly corpus: Corpus;
  readonly catalog: CategoryCatalog;
  /**
   * One page. `body` as the client sent it; if a validator already filled in defaults, pass the keys the client
   * really sent as `sentKeys` (whether year_from / year_to were sent decides if years named in the query apply).
   */
  search(body: SearchBody, now?: Date, sentKeys?: readonly string[]): Promise<SearchPage>;
  /** Interprets a query without searching (for tests and the evaluation). */
  interpretQuery(query: string, now?: Date): Promise<Interpretation>;
  /** Loads the tokenizer and builds the evidence matchers ahead of the first query (about 3 s). */
  warmUp(): Promise<void>;
}

/** A page from the cache as this request's answer: nothing was considered, judged or sent this time. */
function servedAgain(page: SearchPage, started: number): SearchPage {
  return {
    ...page,
    usage: {
      ...page.usage,
      candidates_considered: 0,
      judge_calls: 0,
      judge: 'none',
      elapsed_ms: Math.round(performance.now() - started),
    },
    cached: true,
    inference_calls: 0,
    inference_input_tokens: 0,
  };
}

function fingerprint(corpus: Corpus): string {
  return corpus.size === 0 ? '0::' : `${corpus.size}:${corpus.ids.at(0)}:${corpus.ids.at(corpus.size - 1)}`;
}

export async function createSearchEngine(
  source: Corpus | Iterable<CorpusObservation> | AsyncIterable<CorpusObservation>,
  catalog: CategoryCatalog,
  options: SearchEngineOptions = {},
): Promise<SearchEngine> {
  const corpus = 'text' in source && 'categoryDocs' in source ? (source as Corpus) : await buildCorpus(source, catalog);
  const judge = options.judge ?? new RubricJudge(catalog.categories);
  const store = options.cursorStore ?? new MemoryCursorStore();
  const lexicon: Lexicon = buildLexicon(catalog);
  const listedWards = new Set(options.wards ?? corpus.wards);
  const wardMatcher: WardMatcher = buildWardMatcher([...listedWards], (folded) => lexicon.entries.has(folded));
  const matcherById = (id: string) => {
    const category = catalog.byId.get(id);
    return category ? matcherFor(category, catalog.categories) : null;
  };
  const occurs = (term: string) => corpus.text.occurs(term);
  const countTogether = (ids: readonly string[]) =>
    intersectAll(ids.map((id) => corpus.categoryDocs[corpus.categoryIndex.get(id) ?? -1] ?? EMPTY_POSTINGS)).length;
  const pages = options.pageCache === false ? null : new PageCache<SearchPage>(options.pageCache);
  const release = options.sourceRelease;
  // The rubric grades with the same tagger that tagged the index (it needs kuromoji, as queries do).
  const taggerReady = loadTagger(catalog).then((tagger) => registerTagger(catalog.categories, tagger));
  taggerReady.catch(() => {});

  const interpretQuery = async (
    query: string | null,
    preset: string | null,
    wardSent: boolean,
    yearsSent: boolean,
    now: Date,
  ) => {
    const tokenize = query === null ? () => [] : await loadTokenizer();
    return interpret(
      {
        catalog,
        lexicon,
        wards: wardMatcher,
        tokenize,
        occurs,
        countTogether,
        nowYear: now.getUTCFullYear(),
        minYear: captureYearBounds.min,
        maxYear: Math.min(captureYearBounds.max, now.getUTCFullYear()),
      },
      { query, preset, wardSent, yearsSent },
    );
  };

  const search = async (
    body: SearchBody,
    now: Date = new Date(),
    sentKeys?: readonly string[],
  ): Promise<SearchPage> => {
    const started = performance.now();
    const request = resolveRequest(body, sentKeys);
    await taggerReady;
    const binding = bindingOf(request);
    const cacheKey = pageCacheKey(binding, request.cursor, request.yearsSent, now);
    const hit = pages?.get(cacheKey, now);
    if (hit) return servedAgain(hit, started);
    let state: SearchState;
    let continuedUntil = Number.POSITIVE_INFINITY;
    if (request.cursor !== null) {
      const sent = request.cursor;
      const resumed = await resumeCursorRecord<SearchState>(store, sent, binding, BOUND_FIELDS, now, release);
      state = resumed.state;
      continuedUntil = Date.parse(resumed.expiresAt);
      // A cursor of an engine that names no release (tests, tools): the corpus itself tells the data apart.
      if (state.corpus !== fingerprint(corpus)) {
        throw new ApiError('release_changed', 'this cursor belongs to another data release', {
          field: 'cursor',
          recovery: 'the served data release changed: restart the search without cursor',
        });
      }
    } else {
      const interpretation = await interpretQuery(
        request.query,
        request.preset,
        request.ward !== '',
        request.yearsSent,
        now,
      );
      const filters = applyFilters(request, interpretation, listedWards);
      state = {
        corpus: fingerprint(corpus),
        interpretation,
        filters,
        position: { tier: 0, offset: 0 },
        seen: [],
        pending: [],
        queued: [],
      };
    }
    // The filters and interpretation of a continued search come from its cursor, so every page reports what its
    // first page applied and understood.
    const warnings = [
      ...filterWarnings(state.filters, state.interpretation, request.preset),
      ...interpretationWarnings(state.interpretation, catalog),
    ];
    const page = await runPage({
      corpus,
      catalog,
      judge,
      matcherFor: matcherById,
      state,
      mode: request.mode,
      limit: request.limit,
      // A query with no scenery understood lists nothing rather than an arbitrary sample of the city.
      canMatch: filtersCanMatch(state.filters) && understoodScenery(state.interpretation),
      accept: compileFilter(corpus, state.filters),
      loadObservations: options.loadObservations,
      loadSceneFields: options.loadSceneFields,
      deadline: performance.now() + (options.timeLimitMs ?? 2500),
      concurrency: options.judgeConcurrency ?? (judge.kind === 'builtin_rubric' ? 1 : 4),
      sourceRelease: options.sourceRelease,
      links: options.links,
    });
    warnings.push(...page.warnings);
    if (page.mode === 'related') warnings.push(RELATED_WARNING);
    let cursor: { cursor: string; expiresAt: string } | null = null;
    if (page.hasMore) cursor = await issueCursor(store, binding, page.nextState, now, release);
    const answer: SearchPage = {
      data_language: 'ja',
      ...(request.query === null ? {} : { query: request.query }),
      results: page.results,
      applied_filters: state.filters,
      interpretation: { ...state.interpretation, unverified_conditions: page.unverified },
      coverage: { exhaustive: false, matching_total: null, unit: 'image_observation' },
      pagination: cursor
        ? {
            has_more: true,
            next_cursor: cursor.cursor,
            next_request: nextRequest(binding, cursor.cursor),
            stop_reason: page.stopReason,
            cursor_expires_at: cursor.expiresAt,
            cursor_ttl_s: CURSOR_TTL_S,
          }
        : {
            has_more: false,
            next_cursor: null,
            next_request: null,
            stop_reason: page.stopReason,
            cursor_expires_at: null,
            cursor_ttl_s: CURSOR_TTL_S,
          },
      usage: {
        candidates_considered: page.candidatesConsidered,
        judge_calls: page.judgeCalls,
        budget: { ...searchBudget },
        elapsed_ms: Math.round(performance.now() - started),
        judge: page.judgeUsed,
      },
      mode: page.mode,
      warning: warnings.length > 0 ? warnings.join('; ') : null,
      has_more: page.hasMore,
      cached: false,
      inference_calls: page.inferenceCalls,
      inference_input_tokens: page.inputTokens,
      search_complete: !page.hasMore,
    };
    // A page the judge could not finish (failure, time limit) is not kept: asking again may do better.
    if (pages && !page.degraded) pages.set(cacheKey, answer, now, continuedUntil);
    return answer;
  };

  return {
    corpus,
    catalog,
    search,
    interpretQuery: (query, now = new Date()) => interpretQuery(query, null, false, false, now),
    warmUp: async () => {
      // The meaning rules' tables (readings and lemmas of every wording) are built once the tokenizer is there.
      wordingTableFor(lexicon, await loadTokenizer());
      loadThesaurus();
      compileRequestCheck();
      // Evidence matchers (with their cross-category shadows) cost about 3 ms each; build them before traffic.
      for (const category of catalog.categories) matcherFor(category, catalog.categories);
    },
  };
}
