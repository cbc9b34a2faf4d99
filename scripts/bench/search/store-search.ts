/**
 * The scenery search on a real ingested release, as the server runs it: the index loaded from DATA_DIR/search-index
 * (or built from the store when missing), observations read lazily from the store for each page (the judge's
 * candidates, the results shown), never all held in memory. The same store and queries can be run with the code of
 * another checkout (`baselineRoot`), rounds interleaved, so two versions are compared under the same load.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchEngine } from '../../../core/scenery-search/engine.ts';
import type { SearchMode } from '../../../core/scenery-search/request.ts';
import type { CorpusSource } from '../../../core/scenery-search/store-corpus.ts';
import type { Store } from '../../../core/store/types.ts';
import type { EvaluationQuery } from './query-latency.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

/** The one release whose index file is in DATA_DIR/search-index. */
export function releaseIdIn(dataDir: string): string {
  const files = readdirSync(join(dataDir, 'search-index')).filter((f) => f.endsWith('.bin'));
  if (files.length !== 1) throw new Error(`expected one index file in ${dataDir}/search-index, found ${files.length}`);
  return (files[0] as string).replace(/\.bin$/u, '');
}

export interface StoreEngine {
  label: string;
  engine: SearchEngine;
  indexMs: number;
  indexFrom: string;
  /** Milliseconds (wall and CPU) spent reading observations from the store since the counters were last reset. */
  storeReads: { ms: number; cpuMs: number };
}

/**
 * The engine of the code at `root` over the store's release, its index opened from `indexDir` as a server start opens
 * it (built from the store and saved there when missing or made for other tagging rules).
 */
export async function storeEngine(
  label: string,
  root: string,
  store: Store,
  indexDir: string,
  releaseId: string,
): Promise<StoreEngine> {
  const load = (path: string) => import(join(root, path));
  const { corpusSourceOf, loadStoreObservations, loadStoreSceneFields } = await load(
    'core/scenery-search/store-corpus.ts',
  );
  const { openSearchIndex } = await load('core/scenery-search/search-index.ts');
  const { loadCatalog } = await load('core/scenery-search/categories.ts');
  const { createSearchEngine } = await load('core/scenery-search/engine.ts');
  const catalog = loadCatalog();
  const source: CorpusSource = await corpusSourceOf(store, releaseId);
  const storeReads = { ms: 0, cpuMs: 0 };
  const timed =
    <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      try {
        return await read(...args);
      } finally {
        storeReads.ms += performance.now() - started;
        const used = process.cpuUsage(cpu);
        storeReads.cpuMs += (used.user + used.system) / 1000;
      }
    };
  const opened = await openSearchIndex(source, catalog, indexDir);
  const engine: SearchEngine = await createSearchEngine(opened.corpus, catalog, {
    // Rounds repeat the same requests: each must be searched, not answered from the page cache.
    pageCache: false,
    loadObservations: timed((ids: string[], withScene: boolean) => loadStoreObservations(source, ids, withScene)),
    // A checkout whose engine reads the scene columns with every observation has no loadStoreSceneFields.
    ...(loadStoreSceneFields ? { loadSceneFields: timed((ids: string[]) => loadStoreSceneFields(source, ids)) } : {}),
  });
  await engine.warmUp();
  return { label, engine, indexMs: opened.ms, indexFrom: opened.from, storeReads };
}

type Percentiles = { p50_ms: number; p90_ms: number; max_ms: number };
type Timings = Percentiles & {
  store_read: Percentiles;
  engine: Percentiles;
  cpu: Percentiles;
  store_read_cpu: Percentiles;
  differing_pages: number;
};

function percentiles(list: number[]): Percentiles {
  list.sort((a, b) => a - b);
  const at = (p: number) => Number((list[Math.min(list.length - 1, Math.floor(p * list.length))] ?? 0).toFixed(2));
  return { p50_ms: at(0.5), p90_ms: at(0.9), max_ms: at(1) };
}

/**
 * Every query once per round in `mode` for each engine, engines alternating and their order swapped from one query
 * to the next (the second to read a page's rows finds them cached by the store); percentiles of the last round: of
 * the whole search, of its store reads, of the rest (the engine's own work), and the process's CPU time during the
 * search and its store reads (what a shared, loaded machine distorts least). `differing_pages` counts the queries
 * whose results differ from the first engine's in the last round: a change meant only to be faster leaves it at 0.
 */
export async function interleavedLatency(
  engines: StoreEngine[],
  queries: readonly EvaluationQuery[],
  mode: SearchMode,
  rounds: number,
): Promise<Record<string, Timings>> {
  const times = new Map<
    string,
    { total: number[]; store: number[]; engine: number[]; cpu: number[]; storeCpu: number[]; differing: number }
  >();
  for (let round = 0; round < rounds; round++) {
    for (const e of engines)
      times.set(e.label, { total: [], store: [], engine: [], cpu: [], storeCpu: [], differing: 0 });
    for (const [i, q] of queries.entries()) {
      const pages = new Map<string, string>();
      for (const e of i % 2 === 0 ? engines : [...engines].reverse()) {
        e.storeReads.ms = 0;
        e.storeReads.cpuMs = 0;
        const cpu = process.cpuUsage();
        const started = performance.now();
        const page = await e.engine.search({ ...(q.q ? { query: q.q } : { preset: q.preset ?? null }), mode }, NOW);
        const elapsed = performance.now() - started;
        const used = process.cpuUsage(cpu);
        const list = times.get(e.label);
        list?.total.push(elapsed);
        list?.store.push(e.storeReads.ms);
        list?.engine.push(elapsed - e.storeReads.ms);
        list?.cpu.push((used.user + used.system) / 1000);
        list?.storeCpu.push(e.storeReads.cpuMs);
        pages.set(e.label, JSON.stringify(page.results));
      }
      const first = pages.get(engines[0]?.label ?? '');
      for (const [label, results] of pages)
        if (results !== first) (times.get(label) as { differing: number }).differing++;
    }
  }
  const out: Record<string, Timings> = {};
  for (const [label, list] of times) {
    out[label] = {
      ...percentiles(list.total),
      store_read: percentiles(list.store),
      engine: percentiles(list.engine),
      cpu: percentiles(list.cpu),
      store_read_cpu: percentiles(list.storeCpu),
      differing_pages: list.differing,
    };
  }
  return out;
}
