// Release switch benchmark: memory and nearby latency while a running server takes in another release, measured in
// one process as the server does it (core/live-release/candidate.ts loads and checks, then deps.release is replaced)
// while nearby requests keep arriving through the assembled app. The store holds one release, so the "new" one is a
// second load of the served release: the same size, new objects, which is what memory and latency depend on.
//
// Usage: npm run bench -- switch --data DATA_DIR [--database-url URL] [--seconds-after 20]
//   DATA_DIR: a PGlite store (or, with --database-url, the snapshots and search index of the PostgreSQL one). The
//   PGlite folder is written to on open: pass a copy (cp -a). Run under the start command's flags: re-executed so.
// Prints RSS at steady state, its peak during the switch, after it (old release unreachable, collected), and the
// nearby p50/p99 before and during the switch.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readStartCommand } from './shared/processes.ts';

const root = join(import.meta.dirname, '../..');
if (!process.env.MACHIMI_BENCH_SWITCH_CHILD) {
  const launch = readStartCommand(root);
  const args = [...launch.nodeFlags, '--expose-gc', import.meta.filename, ...process.argv.slice(2)];
  const env = { ...process.env, ...launch.env, MACHIMI_BENCH_SWITCH_CHILD: '1' };
  const { status } = spawnSync(process.execPath, args, { stdio: 'inherit', env });
  process.exit(status ?? 1);
}

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    'database-url': { type: 'string' },
    'seconds-after': { type: 'string', default: '20' },
  },
});
if (!values.data) {
  // Skipped, not failed, so `npm run bench` with no part runs the others.
  console.log('switch: skipped; it needs a store: npm run bench -- switch --data DATA_DIR [--database-url URL]');
  process.exit(0);
}
const { parseConfig } = await import('../../core/config.ts');
const { createLogger } = await import('../../core/log.ts');
const { openStore, getServedRelease } = await import('../../core/store/index.ts');
const { loadCandidate } = await import('../../core/live-release/candidate.ts');
const { assembleApp } = await import('../../core/http/assemble.ts');
const { loadHandlers } = await import('../../handlers/load.ts');

const config = parseConfig({
  DATA_DIR: values.data,
  DATABASE_URL: values['database-url'] ?? '',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_FACTOR: '1000000',
});
const log = createLogger(config);
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const settle = async () => {
  for (let i = 0; i < 4; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return process.memoryUsage.rss();
};

const store = await openStore(
  values['database-url'] ? { databaseUrl: values['database-url'] } : { dataDir: values.data },
);
const record = await getServedRelease(store);
if (!record) throw new Error(`no served release in ${values.data}`);
// In a function of its own: nothing at module level may hold the first release once the second replaces it.
async function serveFirst() {
  const loadStarted = performance.now();
  const release = await loadCandidate(record as NonNullable<typeof record>, { store, config, log });
  const loadMs = Math.round(performance.now() - loadStarted);
  const handlers = {
    placeLookup: await loadHandlers('place-lookup'),
    scenerySearch: await loadHandlers('scenery-search'),
    service: await loadHandlers('service'),
    map: await loadHandlers('map'),
  };
  const assembled = await assembleApp({ config, log, handlers, release });
  // Nearby at 500 scenes spread over the release.
  const { rowOf, light } = release.scenes;
  const points = Array.from({ length: 500 }, (_, i) => {
    const row = rowOf[Math.floor((i * rowOf.length) / 500)] as number;
    return `lat=${(light.lats[row] as number).toFixed(5)}&lon=${(light.lons[row] as number).toFixed(5)}`;
  });
  return { ...assembled, loadMs, points, scenes: light.count };
}
const { app, deps, loadMs: firstLoadMs, points, scenes } = await serveFirst();
const steady = await settle();

let running = true;
let window: number[] = [];
const clients = Array.from({ length: 4 }, async (_, client) => {
  for (let i = client; running; i += 4) {
    const at = performance.now();
    const response = await app.fetch(
      new Request(`http://127.0.0.1/v1/scenes/nearby?${points[i % points.length]}&radius_m=300&limit=20`),
    );
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`nearby answered ${response.status}`);
    window.push(performance.now() - at);
  }
});
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number) : Number.NaN;
};
const latency = (label: string, values: number[]) =>
  `${label}: ${values.length} requests, p50 ${quantile(values, 0.5).toFixed(1)} ms, p99 ${quantile(values, 0.99).toFixed(1)} ms`;

await new Promise((resolve) => setTimeout(resolve, 5000));
const before = window;
window = [];
let peak = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 20);
const started = performance.now();
const second = await loadCandidate(record, { store, config, log });
deps.release = second;
const switchMs = Math.round(performance.now() - started);
const during = window;
window = [];
clearInterval(sampler);
await new Promise((resolve) => setTimeout(resolve, Number(values['seconds-after']) * 1000));
running = false;
await Promise.all(clients);
const after = await settle();

console.log(`release ${record.release_id}: ${scenes} scenes, store ${store.kind}`);
console.log(`first load ${firstLoadMs} ms, switch (load, index, check) ${switchMs} ms`);
console.log(
  `RSS steady ${mb(steady)} MB, peak during the switch ${mb(peak)} MB (${(peak / steady).toFixed(2)}×), ` +
    `after ${mb(after)} MB (${(((after - steady) / steady) * 100).toFixed(1)} % vs steady)`,
);
console.log(latency('nearby before', before));
console.log(latency('nearby during the switch', during));
await store.close();
