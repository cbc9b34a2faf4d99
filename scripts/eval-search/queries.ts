/**
 * Runs a query set (test/search-eval/queries*.yaml) against the engine and scores each page against the ground
 * truth the demo generator writes beside a release: precision@10, recall within one request's budget, the
 * match_score of every result with its relevance, and for out-of-catalogue queries whether the page was honest.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { CORE_SCHEMA, load } from 'js-yaml';
import type { Corpus } from '../../core/scenery-search/corpus.ts';
import type { SearchEngine, SearchPage } from '../../core/scenery-search/engine.ts';
import { compileFilter } from '../../core/scenery-search/filters.ts';
import type { SearchMode } from '../../core/scenery-search/request.ts';

export interface EvalQuery {
  q?: string;
  preset?: string;
  theme?: string;
  class?: string;
  all?: string[];
  none?: string[];
  any?: string[];
  /** Soft wishes of the query: ranking only, they never decide relevance. */
  prefer?: string[];
  /** `empty`: the query names nothing in the catalogue; an honest answer is an empty page with a warning. */
  expect?: 'empty';
  ward?: string;
  year_from?: number;
}

export interface Truth {
  /** What the scene shows: its categories and whatever else its texts' phrasings state. */
  categories: Set<string>;
  /** What the served observation states (its generation's expressed categories). */
  expressed: Set<string>;
}

export interface Scored {
  label: string;
  theme: string | null;
  queryClass: string | null;
  mode: SearchMode;
  returned: number;
  precision10: number | null;
  recall: number | null;
  pool: number;
  ms: number;
  pageMode: string;
  conditions: string;
  warning: string | null;
  /** Out-of-catalogue queries only: an empty page that carries a warning. */
  honest: boolean | null;
  /** match_score of each result (when the page has them) and whether the result is relevant. */
  scores: { score: number; relevant: boolean }[];
}

export interface EvalContext {
  engine: SearchEngine;
  corpus: Corpus;
  truth: Map<string, Truth>;
  limit: number;
  now: Date;
  /** Prints the pages of queries containing this text. */
  show?: string;
}

export function loadQueries(path: string): EvalQuery[] {
  return (load(readFileSync(path, 'utf8'), { schema: CORE_SCHEMA }) as { queries: EvalQuery[] }).queries;
}

export async function readTruth(path: string, servedGeneration: Map<string, string>): Promise<Map<string, Truth>> {
  const truth = new Map<string, Truth>();
  const lines = createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as {
      scene_id: string;
      categories: string[];
      shows?: string[];
      expressed: Record<string, string[]>;
    };
    const generation = servedGeneration.get(row.scene_id);
    truth.set(row.scene_id, {
      categories: new Set(row.shows ?? row.categories),
      expressed: new Set(generation ? (row.expressed[generation] ?? []) : []),
    });
  }
  return truth;
}

export function isRelevant(query: EvalQuery, categories: Set<string>): boolean {
  if (query.any) return query.any.some((c) => categories.has(c));
  if (query.all && !query.all.every((c) => categories.has(c))) return false;
  return !(query.none ?? []).some((c) => categories.has(c));
}

const labelOf = (query: EvalQuery) => query.q ?? `preset:${query.preset}`;

function bodyOf(query: EvalQuery, mode: SearchMode, limit: number) {
  return {
    ...(query.q ? { query: query.q } : { preset: query.preset ?? null }),
    mode,
    limit,
    ...(query.ward ? { ward: query.ward } : {}),
    ...(query.year_from !== undefined ? { year_from: query.year_from } : {}),
  };
}

function showPage(mode: SearchMode, query: EvalQuery, page: SearchPage, ctx: EvalContext, relevance: boolean[]) {
  console.log(
    `\n[${mode}] ${labelOf(query)} ${JSON.stringify(page.interpretation.conditions.map((c) => c.key))} ${page.mode} ${page.pagination.stop_reason} warning=${page.warning}`,
  );
  page.results.forEach((r, i) => {
    const t = ctx.truth.get(r.id);
    console.log(
      `  ${relevance[i] ? 'OK ' : 'BAD'} ${r.match_score ?? '-'} ${JSON.stringify(r.match_probabilities)} truth=${[...(t?.categories ?? [])].join(',')}`,
    );
    for (const q of r.quotes) console.log(`      ${q.category_id ?? '-'}: ${q.text} (${q.source_pointer})`);
  });
}

/**
 * Latency is measured warm: the set runs `repeat - 1` times first (caches of folded observations and matchers fill
 * as they would on a running server), and the last round is the one timed and scored.
 */
export async function runQueries(
  ctx: EvalContext,
  queries: EvalQuery[],
  modes: SearchMode[],
  repeat: number,
): Promise<Scored[]> {
  const { engine, corpus, truth, limit, now } = ctx;
  for (let round = 0; round < repeat - 1; round++)
    for (const mode of modes) for (const query of queries) await engine.search(bodyOf(query, mode, limit), now);
  const truthByDoc = corpus.ids.toArray().map((id) => truth.get(id));
  const scored: Scored[] = [];
  for (const mode of modes) {
    for (const query of queries) {
      const started = performance.now();
      const page = await engine.search(bodyOf(query, mode, limit), now);
      const ms = performance.now() - started;
      const judged = query.expect !== 'empty';
      let pool = 0;
      if (judged) {
        const accept = compileFilter(corpus, page.applied_filters);
        for (let doc = 0; doc < corpus.size; doc++) {
          const t = truthByDoc[doc];
          if (t && accept(doc) && isRelevant(query, t.categories) && isRelevant(query, t.expressed)) pool++;
        }
      }
      const relevance = page.results.map((r) => judged && isRelevant(query, truth.get(r.id)?.categories ?? new Set()));
      if (ctx.show && labelOf(query).includes(ctx.show)) showPage(mode, query, page, ctx, relevance);
      const top = relevance.slice(0, 10);
      scored.push({
        label: labelOf(query),
        theme: query.theme ?? query.preset ?? null,
        queryClass: query.class ?? null,
        mode,
        returned: page.results.length,
        precision10: pool === 0 ? null : top.length === 0 ? 0 : top.filter(Boolean).length / top.length,
        recall: pool === 0 ? null : relevance.filter(Boolean).length / Math.min(limit, pool),
        pool,
        ms,
        pageMode: page.mode,
        conditions:
          page.interpretation.conditions.map((c) => c.key).join(' ') ||
          `text:${page.interpretation.text_terms.join('|')}`,
        warning: page.warning,
        honest: judged ? null : page.results.length === 0 && page.warning !== null,
        scores: judged
          ? page.results.flatMap((r, i) =>
              r.match_score === undefined ? [] : [{ score: r.match_score, relevant: relevance[i] as boolean }],
            )
          : [],
      });
    }
  }
  return scored;
}
