/**
 * One page of a search: take candidates from the streams (after those queued by an earlier page), judge them in mode
 * jev or rank them by the index in mode text, assemble the page and the state the next page continues from.
 */
import { judgeCalls as judgeCallCount, judgeFallbacks } from '../ops/metrics.ts';
import type { CategoryCatalog } from './categories.ts';
import type { Corpus, CorpusObservation } from './corpus.ts';
import type { CategoryMatcher, FoldCache } from './evidence.ts';
import { exclusionCheck } from './excluded-mentions.ts';
import type { AppliedFilters } from './filters.ts';
import type { Interpretation } from './interpretation-types.ts';
import type { Judge, JudgeCandidate, JudgeCondition } from './judge/types.ts';
import { judgeCandidates, MAX_CANDIDATES } from './judging.ts';
import type { SearchableObservation } from './observation-text.ts';
import { assemblePage, type Ranked, readyToShow } from './page.ts';
import { PageTexts } from './page-texts.ts';
import { partialEvidence } from './partial-mentions.ts';
import type { SearchMode } from './request.ts';
import { buildSceneItem, orderByScore, type SceneItem, type SceneLinks } from './results.ts';
import { indexSupport, passageCounter, rankedConditions, scorePresence } from './scoring.ts';
import { planTiers, type StreamPosition, takeCandidates } from './streams.ts';
import { createTextRanker } from './text-rank.ts';

/** Everything a cursor carries (JSON-serialisable). */
export interface SearchState {
  /** Which corpus the doc numbers refer to. */
  corpus: string;
  interpretation: Interpretation;
  filters: AppliedFilters;
  position: StreamPosition;
  /** Docs taken from the streams so far (never taken again). */
  seen: number[];
  /** Ranked on an earlier page but not shown yet. */
  pending: Ranked[];
  /** Taken but not judged yet (the time limit came first): [doc, tier]. */
  queued: [number, number][];
}

export interface PageInput {
  corpus: Corpus;
  catalog: CategoryCatalog;
  judge: Judge;
  matcherFor: (categoryId: string) => CategoryMatcher | null;
  state: SearchState;
  mode: SearchMode;
  limit: number;
  canMatch: boolean;
  accept: (doc: number) => boolean;
  loadObservations: ((ids: string[], withScene: boolean) => Promise<Map<string, SearchableObservation>>) | undefined;
  /** Given, the judge's candidates are read without the scene columns, and only the results get them from here. */
  loadSceneFields: ((ids: string[]) => Promise<Map<string, Record<string, unknown>>>) | undefined;
  deadline: number;
  concurrency: number;
  sourceRelease: string | undefined;
  links: ((sceneId: string) => SceneLinks) | undefined;
}

type StopReason =
  | 'upstream_unavailable'
  | 'page_limit'
  | 'page_ready'
  | 'request_budget'
  | 'candidate_sources_exhausted';

export interface PageOutput {
  results: SceneItem[];
  hasMore: boolean;
  nextState: SearchState;
  stopReason: StopReason;
  candidatesConsidered: number;
  judgeCalls: number;
  inferenceCalls: number;
  inputTokens: number;
  judgeUsed: 'builtin_rubric' | 'openai_compatible' | 'none';
  mode: 'jev' | 'text' | 'related';
  warnings: string[];
  unverified: string[];
  /** The judge failed or the time limit came first: the same request may do better later. */
  degraded: boolean;
}

/**
 * Observations of the docs, loaded once per page: `known` already holds those read for judging. Those read for the
 * judge alone (`sceneless`: without the scene columns) get them when they become results. Their texts go to `texts`,
 * which then checks wordings in them exactly.
 */
async function observationsOf(
  input: PageInput,
  docs: number[],
  known: Map<number, SearchableObservation>,
  sceneless: Set<number> | null,
  texts: PageTexts,
): Promise<Map<number, SearchableObservation>> {
  const kept = input.corpus.observations;
  const missing = docs.filter((doc) => !known.has(doc));
  if (kept) {
    for (const doc of missing) {
      known.set(doc, kept[doc] as CorpusObservation);
      texts.add(doc, kept[doc] as CorpusObservation);
    }
    return known;
  }
  if (!input.loadObservations) throw new Error('the corpus keeps no observations and no loadObservations was given');
  const judgeOnly = sceneless !== null && input.loadSceneFields !== undefined;
  if (missing.length > 0) {
    const loaded = await input.loadObservations(
      missing.map((d) => input.corpus.ids.at(d)),
      !judgeOnly,
    );
    for (const doc of missing) {
      const obs = loaded.get(input.corpus.ids.at(doc));
      if (obs) known.set(doc, obs);
      if (obs) texts.add(doc, obs);
      if (obs && judgeOnly) sceneless.add(doc);
    }
  }
  return known;
}

/** Adds the scene columns to the results' observations that were read for the judge without them. */
async function completeScenes(
  input: PageInput,
  docs: number[],
  known: Map<number, SearchableObservation>,
  sceneless: Set<number>,
) {
  const lacking = docs.filter((doc) => sceneless.has(doc) && known.has(doc));
  if (lacking.length === 0 || !input.loadSceneFields) return;
  const fields = await input.loadSceneFields(lacking.map((d) => input.corpus.ids.at(d)));
  for (const doc of lacking) {
    const obs = known.get(doc) as CorpusObservation;
    // Mutated rather than copied: the page's folded forms are keyed by the observation object.
    obs.scene = { ...fields.get(input.corpus.ids.at(doc)), ...obs.scene };
  }
}

function judgeConditions(input: PageInput, interpretation: Interpretation): JudgeCondition[] {
  return rankedConditions(interpretation.conditions, interpretation.text_terms).map((r) => {
    const condition = interpretation.conditions.find((c) => c.key === r.key);
    return {
      key: r.key,
      category: condition ? (input.catalog.byId.get(condition.category_id) ?? null) : null,
      term: condition ? null : r.key.slice('text:'.length),
    };
  });
}

export async function runPage(input: PageInput): Promise<PageOutput> {
  const { corpus, state, limit } = input;
  const interpretation = state.interpretation;
  const conditionKeys = interpretation.conditions.map((c) => c.key);
  const warnings: string[] = [];
  const seen = new Set(state.seen);
  let queued = [...state.queued];
  let position = state.position;
  let exhausted = !input.canMatch;
  const taken: { doc: number; tier: number; order: number }[] = [];

  const tiers = input.canMatch ? planTiers(corpus, interpretation) : [];
  if (input.canMatch) exhausted = position.tier >= tiers.length;
  const readyPending = state.pending.filter(readyToShow).length;
  if (input.canMatch && readyPending < limit) {
    const fromQueue = queued.slice(0, MAX_CANDIDATES);
    queued = queued.slice(fromQueue.length);
    const base = state.seen.length;
    for (const [doc, tier] of fromQueue) taken.push({ doc, tier, order: base + taken.length });
    const streamed = takeCandidates(tiers, position, MAX_CANDIDATES - taken.length, seen, input.accept, corpus.size);
    for (const t of streamed.taken) taken.push({ ...t, order: base + taken.length });
    position = streamed.position;
    exhausted = streamed.exhausted;
  }

  const known = new Map<number, SearchableObservation>();
  const sceneless = new Set<number>();
  const folds: FoldCache = new Map();
  const texts = new PageTexts(corpus.text);
  const ranker = createTextRanker(corpus, interpretation, texts.has);
  const byIndex = (t: { doc: number; tier: number; order: number }): Ranked => {
    const s = ranker.score(t.doc);
    return {
      ...t,
      // Left out of the cursor's JSON when false.
      unsure: texts.doubts(t.doc) || undefined,
      judged: false,
      score: s.score,
      passes: s.full,
      satisfied: s.supported,
      // Left out of the cursor's JSON when none.
      lacking: s.lacking || undefined,
      confidence: null,
      probabilities: null,
    };
  };
  let fresh: Ranked[] = [];
  let judgeCalls = 0;
  let inferenceCalls = 0;
  let inputTokens = 0;
  let judgedCount = 0;
  let failed = false;
  let timedOut = false;
  if (input.mode === 'jev' && taken.length > 0) {
    const observations = await observationsOf(
      input,
      taken.map((t) => t.doc),
      known,
      sceneless,
      texts,
    );
    const candidates: JudgeCandidate[] = taken
      .filter((t) => observations.has(t.doc))
      .map((t) => ({
        sceneId: corpus.ids.at(t.doc),
        observation: observations.get(t.doc) as SearchableObservation,
      }));
    const ranked = rankedConditions(interpretation.conditions, interpretation.text_terms);
    const supportOf = indexSupport(corpus, interpretation.conditions, texts.has);
    const passagesOf = passageCounter(interpretation.conditions, input.matcherFor, folds);
    const outcome = await judgeCandidates(input.judge, judgeConditions(input, interpretation), candidates, {
      concurrency: input.concurrency,
      deadline: input.deadline,
      now: () => performance.now(),
      folds,
    });
    judgeCalls = outcome.calls;
    inferenceCalls = outcome.inferenceCalls;
    inputTokens = outcome.inputTokens;
    failed = outcome.failure !== null;
    timedOut = outcome.timedOut && !failed;
    judgeCallCount.inc({ judge: input.judge.kind }, outcome.calls);
    if (failed || timedOut) judgeFallbacks.inc({ reason: failed ? 'failed' : 'timed_out' });
    for (const t of taken) {
      const presence = outcome.presence.get(corpus.ids.at(t.doc));
      if (presence) {
        judgedCount++;
        const observation = observations.get(t.doc) as SearchableObservation;
        const s = scorePresence(ranked, presence, interpretation.combine, supportOf(t.doc), passagesOf(observation));
        fresh.push({
          ...t,
          judged: true,
          score: s.score,
          passes: s.passes,
          satisfied: s.satisfied,
          lacking: s.lacking || undefined,
          confidence: s.confidence,
          probabilities: s.probabilities,
        });
      } else if (timedOut) queued.push([t.doc, t.tier]);
      else fresh.push(byIndex(t));
    }
    if (failed) {
      const unjudged = taken.length - judgedCount;
      warnings.push(
        `the judge was unavailable (${outcome.failure}); ${unjudged} of ${taken.length} candidates were ranked by the text index only`,
      );
    }
    if (timedOut)
      warnings.push(`the time limit of one request was reached; ${queued.length} candidates wait for the next page`);
  } else fresh = taken.map(byIndex);
  const exclusions = exclusionCheck(corpus, interpretation, input.matcherFor, folds);
  if (exclusions && fresh.length > 0) {
    const load = (docs: number[]) => observationsOf(input, docs, known, sceneless, texts);
    const affirmed = await exclusions.affirmed(
      fresh.map((r) => r.doc),
      load,
    );
    if (affirmed.size > 0) fresh = fresh.filter((r) => !affirmed.has(r.doc));
  }
  const partial = partialEvidence(corpus, interpretation, (id) => input.catalog.byId.get(id));
  if (partial && fresh.length > 0) {
    const hinted = await partial(
      fresh.map((r) => r.doc),
      (docs) => observationsOf(input, docs, known, sceneless, texts),
    );
    fresh = fresh.map((r) => (hinted.has(r.doc) ? { ...r, demoted: true } : r));
  }

  let pool = [...state.pending, ...fresh];
  let page = assemblePage(pool, [], limit);
  let shownObservations = await observationsOf(
    input,
    page.shown.map((r) => r.doc),
    known,
    null,
    texts,
  );
  // The results' texts are read now: one ranked on a bigram "yes" is ranked again, exactly, and the page assembled
  // again until every result was ranked on its text. An exact rank is never higher, so those left out stay out.
  while (page.shown.some((r) => r.unsure)) {
    const shown = new Set(page.shown.map((r) => r.doc));
    // A result whose observation the store no longer has keeps the rank it got (it is not shown anyway).
    pool = pool.map((r) =>
      !r.unsure ? r : texts.knows(r.doc) ? byIndex(r) : shown.has(r.doc) ? { ...r, unsure: undefined } : r,
    );
    page = assemblePage(pool, [], limit);
    shownObservations = await observationsOf(
      input,
      page.shown.map((r) => r.doc),
      known,
      null,
      texts,
    );
  }
  const shownDocs = page.shown.map((r) => r.doc);
  await completeScenes(input, shownDocs, shownObservations, sceneless);
  const placed = [];
  for (const r of page.shown) {
    const obs = shownObservations.get(r.doc);
    if (!obs) continue;
    placed.push({
      ...r,
      item: buildSceneItem(
        {
          corpus,
          catalog: input.catalog,
          matcherFor: input.matcherFor,
          sourceRelease: input.sourceRelease,
          links: input.links,
          folds,
        },
        r.doc,
        obs,
        interpretation,
        r,
      ),
    });
  }
  const results: SceneItem[] = orderByScore(placed, page.related);
  const hasMore = !(exhausted && page.pending.length === 0 && queued.length === 0);
  const nothingJudged = input.mode === 'jev' && failed && judgedCount === 0;
  const stopReason: StopReason = nothingJudged
    ? 'upstream_unavailable'
    : !hasMore
      ? 'candidate_sources_exhausted'
      : timedOut
        ? 'page_ready'
        : results.length >= limit
          ? 'page_limit'
          : 'request_budget';
  // Results ranked by the index were checked against their index entries only: a condition some of them lack
  // there is reported as unverified.
  const unverified = new Set<string>();
  for (const r of page.shown) if (!r.judged) for (const key of ranker.score(r.doc).unsupported) unverified.add(key);
  return {
    results,
    hasMore,
    nextState: { ...state, position, seen: [...seen], pending: page.pending, queued },
    stopReason,
    candidatesConsidered: taken.length,
    judgeCalls,
    inferenceCalls,
    inputTokens,
    judgeUsed: judgedCount > 0 ? input.judge.kind : 'none',
    mode: page.related ? 'related' : input.mode === 'text' || nothingJudged ? 'text' : 'jev',
    warnings,
    unverified: conditionKeys.filter((key) => unverified.has(key)),
    degraded: failed || timedOut,
  };
}
