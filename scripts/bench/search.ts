/**
 * npm run bench -- search --release DIR [--scenes 1000000] [--index /tmp/search-index.bin] [--reuse-index] [--rounds 3]
 *
 * Scale check of the scenery search: builds the index over `--scenes` observations made by repeating a demo
 * release's observations under new ids (streamed, observations not kept), saves and reloads it, then times the
 * evaluation queries warm in modes text and jev with observations served from memory by a loader (as the server
 * would from its store). Prints build time (wall and CPU), index size, load time and latency percentiles.
 * `--reuse-index` loads `--index` when it was saved for the same release and size (skipping the build, which takes
 * minutes at 1 M) and builds it only when it is missing or stale.
 *
 * npm run bench -- search --data DIR [--baseline REF [--baseline-index DIR]] [--rounds 3] [--no-http]
 *
 * The same on a real ingested release, as the server runs it (scripts/bench/search/store-search.ts): DIR is a
 * DATA_DIR (PGlite, written to: give a copy) whose search-index/ holds the release's index; observations are read
 * from the store per page. With --baseline, the code of REF (e.g. main) runs beside this checkout's in one process,
 * rounds interleaved. Then each version's `npm start` over DIR answers the same queries over HTTP, one after the
 * other (the figure a client sees, store read included). When the two versions tag observations by different rules,
 * each needs its own index file: --baseline-index names a folder holding REF's <release>.bin (else REF shares
 * DIR/search-index, and rebuilds it there when it was made for other rules).
 */
import { parseArgs } from 'node:util';
import { loadCatalog } from '../../core/scenery-search/categories.ts';
import type { Corpus } from '../../core/scenery-search/corpus.ts';
import { readReleaseCorpus } from '../../core/scenery-search/release-corpus.ts';
import type { SearchMode } from '../../core/scenery-search/request.ts';
import { buildAndSave, type IndexFile, loadAverage, loadIndex, mb } from './search/index-file.ts';
import { createScaledEngine, measureModeLatency, readEvaluationQueries } from './search/query-latency.ts';
import { scaledCorpus } from './search/scaled-corpus.ts';
import { benchStore } from './search/store-bench.ts';

const { values } = parseArgs({
  options: {
    release: { type: 'string' },
    scenes: { type: 'string', default: '1000000' },
    index: { type: 'string', default: '/tmp/search-index.bin' },
    rounds: { type: 'string', default: '3' },
    'reuse-index': { type: 'boolean', default: false },
    data: { type: 'string' },
    baseline: { type: 'string' },
    'baseline-index': { type: 'string' },
    'no-http': { type: 'boolean', default: false },
  },
});
if (values.data) {
  const baseline = values.baseline ? { ref: values.baseline, indexDir: values['baseline-index'] ?? null } : null;
  await benchStore(values.data, baseline, Number(values.rounds), !values['no-http']);
  process.exit(0);
}
if (!values.release) {
  // Part of `npm run bench` (scripts/bench/run.ts): without a release there is nothing to scale, which is not a failure.
  process.stderr.write(
    'search at scale: skipped, give --release DIR (a demo release folder) [--scenes N] [--index FILE]\n',
  );
  process.exit(0);
}
const catalog = loadCatalog();
const { observations: base } = await readReleaseCorpus(values.release);
const corpus = scaledCorpus(base, Number(values.scenes));
const indexFile: IndexFile = { path: values.index ?? '/tmp/search-index.bin', catalog, scenes: corpus.size };

let rssBefore = process.memoryUsage().rss;
let loaded: Corpus | null = values['reuse-index'] ? await loadIndex(indexFile).catch(() => null) : null;
if (loaded === null) {
  await buildAndSave(indexFile, corpus.observations(), base.length);
  rssBefore = process.memoryUsage().rss;
  loaded = await loadIndex(indexFile);
}
console.log(
  JSON.stringify({
    load_ms: Math.round(loaded.buildMs),
    postings_mb: mb(loaded.text.postingBytes),
    rss_mb: mb(process.memoryUsage().rss),
    rss_before_load_mb: mb(rssBefore),
    load_average: loadAverage(),
  }),
);

const engine = await createScaledEngine(loaded, catalog, corpus.replica);
const queries = readEvaluationQueries();
for (const mode of ['text', 'jev'] as SearchMode[]) {
  const latency = await measureModeLatency(engine, queries, mode, Number(values.rounds));
  console.log(JSON.stringify({ mode, scenes: loaded.size, ...latency }));
}
