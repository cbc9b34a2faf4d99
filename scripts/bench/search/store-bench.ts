/**
 * `npm run bench -- search --data DIR [--baseline REF [--baseline-index DIR]]`: in process on the store, then over
 * HTTP (see search.ts).
 */
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import type { SearchMode } from '../../../core/scenery-search/request.ts';
import { openStore } from '../../../core/store/open.ts';
import { checkoutOf } from '../shared/checkout.ts';
import { httpLatency } from './http-search.ts';
import { readEvaluationQueries } from './query-latency.ts';
import { interleavedLatency, releaseIdIn, type StoreEngine, storeEngine } from './store-search.ts';
import { withSearchIndexDir } from './swapped-index.ts';

const HERE = resolve(import.meta.dirname, '../../..');
const mb = (bytes: number) => Math.round(bytes / 1e6);
const load = () => loadavg().map((l) => Number(l.toFixed(2)));

interface Checkout {
  label: string;
  root: string;
  indexDir: string;
}

export async function benchStore(
  dataDir: string,
  baseline: { ref: string; indexDir: string | null } | null,
  rounds: number,
  http: boolean,
) {
  const releaseId = releaseIdIn(dataDir);
  const ownIndexDir = join(dataDir, 'search-index');
  const checkouts: Checkout[] = [{ label: 'current', root: HERE, indexDir: ownIndexDir }];
  if (baseline)
    checkouts.unshift({
      label: baseline.ref,
      root: checkoutOf(baseline.ref),
      indexDir: baseline.indexDir ?? ownIndexDir,
    });
  const queries = readEvaluationQueries();
  const store = await openStore({ databaseUrl: null, dataDir });
  try {
    const engines: StoreEngine[] = [];
    for (const { label, root, indexDir } of checkouts) {
      const e = await storeEngine(label, root, store, indexDir, releaseId);
      engines.push(e);
      console.log(
        JSON.stringify({
          code: label,
          release: releaseId,
          scenes: e.engine.corpus.size,
          index_from: e.indexFrom,
          index_start_ms: e.indexMs,
          rss_mb: mb(process.memoryUsage().rss),
          heap_used_mb: mb(process.memoryUsage().heapUsed),
          load_average: load(),
        }),
      );
    }
    for (const mode of ['text', 'jev'] as SearchMode[]) {
      const latency = await interleavedLatency(engines, queries, mode, rounds);
      console.log(
        JSON.stringify({ in_process: true, mode, queries: queries.length, ...latency, load_average: load() }),
      );
    }
    console.log(JSON.stringify({ peak_rss_mb: mb(process.resourceUsage().maxRSS * 1024) }));
  } finally {
    await store.close();
  }
  if (!http) return;
  for (const { label, root, indexDir } of checkouts) {
    const figures = await withSearchIndexDir(dataDir, indexDir, () =>
      httpLatency(label, root, dataDir, queries, Math.max(1, rounds - 1)),
    );
    console.log(JSON.stringify({ http: true, ...figures, load_average: load() }));
  }
}
