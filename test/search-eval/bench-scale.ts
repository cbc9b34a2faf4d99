/**
 * node test/search-eval/bench-scale.ts --release DIR [--scenes 1000000] [--index /tmp/search-index.bin] [--reuse-index]
 *
 * Scale check of the scenery search: builds the index over `--scenes` observations made by repeating a demo
 * release's observations under new ids (streamed, observations not kept), saves and reloads it, then times the
 * evaluation queries warm in modes text and jev with observations served from memory by a loader (as the server
 * would from its store). Prints build time (wall and CPU), index size, load time and latency percentiles.
 * `--reuse-index` loads `--index` when it was saved for the same release and size (skipping the build, which takes
 * minutes at 1 M) and builds it only when it is missing or stale.
 */

import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { CORE_SCHEMA, load } from 'js-yaml';
import { loadCatalog } from '../../core/scenery-search/categories.ts';
import { buildCorpus, type Corpus, type CorpusObservation } from '../../core/scenery-search/corpus.ts';
import { createSearchEngine } from '../../core/scenery-search/engine.ts';
import type { SearchableObservation } from '../../core/scenery-search/observation-text.ts';
import { loadCorpus, saveCorpus } from '../../core/scenery-search/persist.ts';
import { readReleaseCorpus } from '../../core/scenery-search/release-corpus.ts';
import type { SearchMode } from '../../core/scenery-search/request.ts';

const { values } = parseArgs({
  options: {
    release: { type: 'string' },
    scenes: { type: 'string', default: '1000000' },
    index: { type: 'string', default: '/tmp/search-index.bin' },
    rounds: { type: 'string', default: '3' },
    'reuse-index': { type: 'boolean', default: false },
  },
});
if (!values.release) {
  // Part of `npm run bench` (scripts/bench/run.ts): without a release there is nothing to scale, which is not a failure.
  process.stderr.write(
    'search at scale: skipped, give --release DIR (a demo release folder) [--scenes N] [--index FILE]\n',
  );
  process.exit(0);
}
const target = Number(values.scenes);
const catalog = loadCatalog();
const { observations: base } = await readReleaseCorpus(values.release);
const REPLICA_ID_BASE = 10n ** 19n;

/** The i-th observation of the scaled corpus: base observation i mod n under a new, unique digit id. */
function replica(i: number): CorpusObservation {
  const source = base[i % base.length] as CorpusObservation;
  const copy = Math.floor(i / base.length);
  if (copy === 0) return source;
  return { ...source, scene_id: String(REPLICA_ID_BASE + BigInt(i)), lat: source.lat + copy * 1e-6, lon: source.lon };
}

function* scaled(): Generator<CorpusObservation> {
  for (let i = 0; i < target; i++) yield replica(i);
}

const mb = (bytes: number) => Math.round(bytes / 1e6);
const identity = { releaseId: `bench-scale-${target}` };
const indexPath = values.index ?? '/tmp/search-index.bin';

async function buildAndSave(): Promise<void> {
  const cpuStart = process.cpuUsage();
  const corpus = await buildCorpus(scaled(), catalog, {
    keepObservations: false,
    keepTexts: false,
    onProgress: (n) => {
      if (n % 100_000 === 0) process.stderr.write(`bench-scale: indexed ${n}\n`);
    },
  });
  const cpu = process.cpuUsage(cpuStart);
  const memory = process.memoryUsage();
  console.log(
    JSON.stringify({
      scenes: corpus.size,
      base: base.length,
      build_ms: Math.round(corpus.buildMs),
      build_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
      us_per_observation: Number(((corpus.buildMs * 1000) / corpus.size).toFixed(1)),
      postings_mb: mb(corpus.text.postingBytes),
      grams: corpus.text.gramCount,
      heap_mb: mb(memory.heapUsed),
      array_buffers_mb: mb(memory.arrayBuffers),
      cpus: cpus().length,
      load_average: loadavg().map((l) => Number(l.toFixed(2))),
    }),
  );
  const bytes = await saveCorpus(corpus, catalog, indexPath, identity);
  console.log(JSON.stringify({ index_file_mb: mb(bytes) }));
}

async function loadIndex(): Promise<Corpus> {
  const corpus = await loadCorpus(indexPath, catalog, identity);
  if (corpus.size !== target) throw new Error(`${indexPath} holds ${corpus.size} scenes, not ${target}`);
  return corpus;
}

let rssBefore = process.memoryUsage().rss;
let loaded: Corpus | null = values['reuse-index'] ? await loadIndex().catch(() => null) : null;
if (loaded === null) {
  await buildAndSave();
  rssBefore = process.memoryUsage().rss;
  loaded = await loadIndex();
}
console.log(
  JSON.stringify({
    load_ms: Math.round(loaded.buildMs),
    postings_mb: mb(loaded.text.postingBytes),
    rss_mb: mb(process.memoryUsage().rss),
    rss_before_load_mb: mb(rssBefore),
    load_average: loadavg().map((l) => Number(l.toFixed(2))),
  }),
);

const byId = new Map<string, SearchableObservation>();
const lookup = (id: string): SearchableObservation | undefined => {
  const doc = loaded.docById.get(id);
  return doc === undefined ? undefined : replica(doc);
};
const engine = await createSearchEngine(loaded, catalog, {
  // Rounds repeat the same requests: each must be searched, not answered from the page cache.
  pageCache: false,
  loadObservations: async (ids) => {
    for (const id of ids) {
      const obs = lookup(id);
      if (obs) byId.set(id, obs);
    }
    return byId;
  },
});
await engine.warmUp();
const queries = (
  load(readFileSync(new URL('./queries.yaml', import.meta.url), 'utf8'), { schema: CORE_SCHEMA }) as {
    queries: { q?: string; preset?: string }[];
  }
).queries;
const now = new Date('2026-11-21T12:00:00Z');
const rounds = Number(values.rounds);
for (const mode of ['text', 'jev'] as SearchMode[]) {
  let times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    times = [];
    for (const q of queries) {
      const started = performance.now();
      await engine.search({ ...(q.q ? { query: q.q } : { preset: q.preset ?? null }), mode }, now);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    Number((times[Math.min(times.length - 1, Math.floor(p * times.length))] as number).toFixed(2));
  console.log(
    JSON.stringify({
      mode,
      scenes: loaded.size,
      queries: times.length,
      p50_ms: at(0.5),
      p90_ms: at(0.9),
      max_ms: at(1),
    }),
  );
}
