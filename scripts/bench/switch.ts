// Release switch benchmark: memory and nearby latency while a running server takes in another release, measured in
// one process as the server does it (core/live-release/candidate.ts loads and checks, then deps.release is replaced)
// while nearby requests keep arriving through the assembled app. With --to, the server switches from the served
// release to another stored one (a different release: other rows, other strings), and a second process starts fresh
// on that release, the baseline its memory after the switch is compared with. Without it the served release is
// loaded a second time (new objects of the same size).
//
// Usage: npm run bench -- switch --data DATA_DIR [--database-url URL] [--to RELEASE_ID] [--seconds-after 20] [--no-gc]
//   DATA_DIR: a PGlite store (or, with --database-url, the snapshots and search index of the PostgreSQL one). The
//   PGlite folder is written to on open: pass a copy (cp -a). Run under the start command's flags: re-executed so.
// Prints RSS at steady state, its peak during the switch, after it (old release unreachable, collected) against a
// fresh start on the new release, and the nearby p50/p99 before and during the switch.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readStartCommand } from './shared/processes.ts';

const root = join(import.meta.dirname, '../..');
if (!process.env.MACHIMI_BENCH_SWITCH_CHILD) {
  const launch = readStartCommand(root);
  // --expose-gc reads "after" once the old release is collected; --no-gc leaves that to V8, as in a server.
  const gcFlags = process.argv.includes('--no-gc') ? [] : ['--expose-gc'];
  const args = [...launch.nodeFlags, ...gcFlags, import.meta.filename, ...process.argv.slice(2)];
  const env = { ...process.env, ...launch.env, MACHIMI_BENCH_SWITCH_CHILD: '1' };
  const run = (extra: string[]) => {
    const child = spawnSync(process.execPath, [...args, ...extra], {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      env,
      maxBuffer: 1 << 24,
    });
    process.stdout.write(child.stdout ?? '');
    return { status: child.status, out: child.stdout ?? '' };
  };
  const switched = run([]);
  let status = switched.status;
  const to = parseArgs({ options: { to: { type: 'string' } }, strict: false }).values.to;
  // The baseline of "after": a process that starts on the new release and serves the same requests, no switch.
  if (status === 0 && typeof to === 'string') {
    const fresh = run(['--from', to, '--fresh']);
    status = fresh.status;
    const after = Number(/, after (\d+) MB/.exec(switched.out)?.[1]);
    const baseline = Number(/, (\d+) MB after load/.exec(fresh.out)?.[1]);
    if (after && baseline) {
      console.log(
        `RSS after the switch vs a fresh start on ${to}: ${(((after - baseline) / baseline) * 100).toFixed(1)} %`,
      );
    }
  }
  process.exit(status ?? 1);
}

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    'database-url': { type: 'string' },
    'seconds-after': { type: 'string', default: '20' },
    from: { type: 'string' },
    to: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    'no-gc': { type: 'boolean', default: false },
  },
});
if (!values.data) {
  // Skipped, not failed, so `npm run bench` with no part runs the others.
  console.log('switch: skipped; it needs a store: npm run bench -- switch --data DATA_DIR [--database-url URL]');
  process.exit(0);
}
const { parseConfig } = await import('../../core/config.ts');
const { createLogger } = await import('../../core/log.ts');
const { openStore, getRelease, getServedRelease } = await import('../../core/store/index.ts');
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
/** Where the memory is: V8's heap, and the array buffers (typed columns) and other memory outside it. */
const breakdown = () => {
  const { heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  return `heap ${mb(heapUsed)} of ${mb(heapTotal)} MB, array buffers ${mb(arrayBuffers)} MB, other external ${mb(external - arrayBuffers)} MB`;
};
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
const recordOf = async (id: string | undefined) => {
  const found = id ? await getRelease(store, id) : await getServedRelease(store);
  if (!found) throw new Error(`no release ${id ?? 'served'} in ${values.data}`);
  return found;
};
const record = await recordOf(values.from);
const nextRecord = await recordOf(values.to ?? record.release_id);
/** Nearby at 500 scenes spread over the release. */
function pointsOf(release: Awaited<ReturnType<typeof loadCandidate>>): string[] {
  const { rowOf, light } = release.scenes;
  return Array.from({ length: 500 }, (_, i) => {
    const row = rowOf[Math.floor((i * rowOf.length) / 500)] as number;
    return `lat=${(light.lats[row] as number).toFixed(5)}&lon=${(light.lons[row] as number).toFixed(5)}`;
  });
}
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
  return {
    ...assembled,
    loadMs,
    points: pointsOf(release),
    scenes: release.scenes.light.count,
    firstRelease: new WeakRef(release),
  };
}
const { app, deps, loadMs: firstLoadMs, scenes, points: firstPoints, firstRelease } = await serveFirst();
let points = firstPoints;
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
if (values.fresh) {
  // The same requests for the same time as the switching process, without a switch.
  await new Promise((resolve) => setTimeout(resolve, Number(values['seconds-after']) * 1000));
  running = false;
  await Promise.all(clients);
  const rss = await settle();
  console.log(`fresh start on ${record.release_id} (${scenes} scenes): RSS ${mb(steady)} MB, ${mb(rss)} MB after load`);
  console.log(`fresh after load: ${breakdown()}`);
  await store.close();
  process.exit(0);
}
const before = window;
window = [];
let peak = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 20);
const started = performance.now();
const second = await loadCandidate(nextRecord, { store, config, log });
deps.release = second;
points = pointsOf(second);
const switchMs = Math.round(performance.now() - started);
const during = window;
window = [];
clearInterval(sampler);
await new Promise((resolve) => setTimeout(resolve, Number(values['seconds-after']) * 1000));
running = false;
await Promise.all(clients);
const after = await settle();

console.log(
  `release ${record.release_id} (${scenes} scenes) → ${nextRecord.release_id} ` +
    `(${second.scenes.light.count} scenes), store ${store.kind}`,
);
console.log(`first load ${firstLoadMs} ms, switch (load, index, check) ${switchMs} ms`);
console.log(
  `RSS steady ${mb(steady)} MB, peak during the switch ${mb(peak)} MB (${(peak / steady).toFixed(2)}×), ` +
    `after ${mb(after)} MB (${(((after - steady) / steady) * 100).toFixed(1)} % vs steady)`,
);
console.log(
  `after: ${breakdown()}; the first release ${firstRelease.deref() ? 'is still reachable' : 'was collected'}`,
);
console.log(latency('nearby before', before));
console.log(latency('nearby during the switch', during));
await store.close();
