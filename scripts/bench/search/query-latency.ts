// Latency of the evaluation queries (test/search-eval/queries.yaml) on the scaled index, warm, with observations
// served from memory by a loader as the server would serve them from its store.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import type { CategoryCatalog } from '../../../core/scenery-search/categories.ts';
import type { Corpus, CorpusObservation } from '../../../core/scenery-search/corpus.ts';
import { createSearchEngine, type SearchEngine } from '../../../core/scenery-search/engine.ts';
import type { SearchableObservation } from '../../../core/scenery-search/observation-text.ts';
import type { SearchMode } from '../../../core/scenery-search/request.ts';

const QUERIES_FILE = join(import.meta.dirname, '../../../test/search-eval/queries.yaml');
/** A fixed "now", so date-relative queries ask the same of every run. */
const NOW = new Date('2026-11-21T12:00:00Z');

export async function createScaledEngine(
  corpus: Corpus,
  catalog: CategoryCatalog,
  replica: (doc: number) => CorpusObservation,
): Promise<SearchEngine> {
  const byId = new Map<string, SearchableObservation>();
  const engine = await createSearchEngine(corpus, catalog, {
    // Rounds repeat the same requests: each must be searched, not answered from the page cache.
    pageCache: false,
    loadObservations: async (ids) => {
      for (const id of ids) {
        const doc = corpus.docById.get(id);
        if (doc !== undefined) byId.set(id, replica(doc));
      }
      return byId;
    },
  });
  await engine.warmUp();
  return engine;
}

export type EvaluationQuery = { q?: string; preset?: string };

export function readEvaluationQueries(): EvaluationQuery[] {
  return (load(readFileSync(QUERIES_FILE, 'utf8'), { schema: CORE_SCHEMA }) as { queries: EvaluationQuery[] }).queries;
}

/** Every query `rounds` times in `mode`; the percentiles of the last round (ms). */
export async function measureModeLatency(
  engine: SearchEngine,
  queries: readonly EvaluationQuery[],
  mode: SearchMode,
  rounds: number,
) {
  let times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    times = [];
    for (const q of queries) {
      const started = performance.now();
      await engine.search({ ...(q.q ? { query: q.q } : { preset: q.preset ?? null }), mode }, NOW);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    Number((times[Math.min(times.length - 1, Math.floor(p * times.length))] as number).toFixed(2));
  return { queries: times.length, p50_ms: at(0.5), p90_ms: at(0.9), max_ms: at(1) };
}
