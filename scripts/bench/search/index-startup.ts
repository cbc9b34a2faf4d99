/**
 * node scripts/bench/search/index-startup.ts --release-id ID [--dir DIR] [--no-stream]
 *
 * Start-up cost of the scenery search index on the configured store (DATABASE_URL, else PGlite in DATA_DIR), side by
 * side in one run: (1) streaming the release's observations from the store alone, (2) building the index from the
 * store and saving it (what a start without the file, or ingest, does), (3) loading the saved file (what a start with
 * the file does). Prints one JSON line per step with wall time (and the build's CPU time), file size, memory and the
 * load average. While the build streams the store, a `building` line goes to stderr every 100 000 rows read
 * (a 1 M build on a shared machine can take hours: its progress is otherwise invisible).
 */
import { rm, stat } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { parseConfig } from '../../../core/config.ts';
import { searchCatalog } from '../../../core/scenery-search/engine-holder.ts';
import { openSearchIndex, searchIndexPath } from '../../../core/scenery-search/search-index.ts';
import { type CorpusSource, corpusSourceOf, readStoreCorpus } from '../../../core/scenery-search/store-corpus.ts';
import { openStore } from '../../../core/store/open.ts';
import type { Store } from '../../../core/store/types.ts';

const { values } = parseArgs({
  options: {
    'release-id': { type: 'string' },
    dir: { type: 'string', default: '/tmp/machimi-bench-index' },
    'no-stream': { type: 'boolean', default: false },
  },
});
const releaseId = values['release-id'];
if (!releaseId) {
  process.stderr.write('usage: node scripts/bench/search/index-startup.ts --release-id ID [--dir DIR] [--no-stream]\n');
  process.exit(2);
}
const config = parseConfig();
const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const mb = (bytes: number) => Math.round(bytes / 1e6);
const report = (step: string, fields: Record<string, unknown>) =>
  console.log(
    JSON.stringify({
      step,
      ...fields,
      rss_mb: mb(process.memoryUsage().rss),
      load_average: loadavg().map((l) => Number(l.toFixed(2))),
    }),
  );

const PROGRESS_EVERY_ROWS = 100_000;

/** The source with its store's `query` counting rows, so the build's progress can be printed as it goes. */
function withProgress(source: CorpusSource): CorpusSource {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let rows = 0;
  const store = new Proxy(source.store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      // Bound to the store itself: a class store's private fields are not reachable through the proxy.
      if (key !== 'query') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: Parameters<Store['query']>) => {
        const page = await target.query(...args);
        const before = rows;
        rows += page.length;
        if (Math.floor(rows / PROGRESS_EVERY_ROWS) > Math.floor(before / PROGRESS_EVERY_ROWS)) {
          const cpu = process.cpuUsage(cpuBefore);
          process.stderr.write(
            `${JSON.stringify({
              step: 'building',
              rows_read: rows,
              ms: Math.round(performance.now() - started),
              cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
              load_average: loadavg().map((l) => Number(l.toFixed(2))),
            })}\n`,
          );
        }
        return page;
      };
    },
  });
  return { ...source, store };
}

try {
  const started = performance.now();
  const source = await corpusSourceOf(store, releaseId);
  report('light_columns', {
    store: store.kind,
    scenes: source.scenes.light.count,
    ms: Math.round(performance.now() - started),
  });
  const catalog = searchCatalog();
  if (!values['no-stream']) {
    const streamStart = performance.now();
    let n = 0;
    for await (const _ of readStoreCorpus(source)) n++;
    report('stream_only', { observations: n, ms: Math.round(performance.now() - streamStart) });
  }
  const dir = values.dir as string;
  await rm(searchIndexPath(dir, releaseId), { force: true });
  const cpuBefore = process.cpuUsage();
  const built = await openSearchIndex(withProgress(source), catalog, dir);
  const cpu = process.cpuUsage(cpuBefore);
  report('build_and_save', {
    from: built.from,
    observations: built.corpus.size,
    ms: built.ms,
    cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
    peak_rss_mb: mb(process.resourceUsage().maxRSS * 1024),
  });
  const loaded = await openSearchIndex(source, catalog, dir);
  const { size } = await stat(searchIndexPath(dir, releaseId));
  report('load', { from: loaded.from, observations: loaded.corpus.size, ms: loaded.ms, file_mb: mb(size) });
} finally {
  await store.close();
}
