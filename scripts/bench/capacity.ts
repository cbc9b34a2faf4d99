// node scripts/bench/capacity.ts --data-dir DIR --release DIR [--duration 10] [--connections 16]
// One replica's capacity for docs/CAPACITY.md: starts the server as `npm start` does on an ingested PGlite DATA_DIR,
// waits until it is at rest (scenery search index loaded), reads its resident memory, then loads three operations
// in turn with autocannon: nearby, a town block's karte (/v1/areas/at) and a scenery search: requests/s, latency and
// the server's CPU per request. Prints one JSON line.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuUsPerRequest, processCpuMs } from './http/process-cpu.ts';
import { makeQueryPoints, readScenePositions } from './http/release-points.ts';
import { readStartCommand, startServer } from './shared/processes.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    release: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
  },
});
if (!values['data-dir'] || !values.release) {
  console.error('usage: node scripts/bench/capacity.ts --data-dir DIR --release DIR [--duration S] [--connections N]');
  process.exit(2);
}
const checkout = resolve(import.meta.dirname, '../..');
const launch = readStartCommand(checkout);
const positions = await readScenePositions(values.release);
const points = makeQueryPoints(positions, 2000, 1);
const queries = [
  '石畳の坂道',
  '自動販売機が並ぶ歩道',
  '桜並木',
  '古い木造の商店',
  '広い交差点',
  'ガードレールのある細い道',
];

const server = await startServer({
  name: 'machimi',
  args: [...launch.nodeFlags, join(checkout, launch.script)],
  cwd: checkout,
  env: {
    ...launch.env,
    DATA_DIR: resolve(values['data-dir']),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '1000000',
  },
  readyPath: '/readyz',
  readyTimeoutMs: 600_000,
});
const rssAtListen = server.rssMb();
// A search waits for the index: once one answers, the server holds everything it serves with.
const indexStarted = Date.now();
const first = await fetch(`${server.baseUrl}/explore/api/search`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query: queries[0], limit: 10 }),
  signal: AbortSignal.timeout(600_000),
});
await first.arrayBuffer();
const indexWaitMs = Date.now() - indexStarted;
await new Promise((done) => setTimeout(done, 5000));
const rssAtRest = server.rssMb();

type Request = { method: 'GET' | 'POST'; path: string; body?: string };
const targets: Record<string, (i: number) => Request> = {
  nearby: (i) => {
    const [lat, lon] = points[i % points.length] as [number, number];
    return {
      method: 'GET',
      path: `/v1/scenes/nearby?lat=${lat.toFixed(6)}&lon=${lon.toFixed(6)}&radius_m=500&limit=20`,
    };
  },
  karte: (i) => {
    const [lat, lon] = points[i % points.length] as [number, number];
    return { method: 'GET', path: `/v1/areas/at?lat=${lat.toFixed(6)}&lon=${lon.toFixed(6)}` };
  },
  search: (i) => ({
    method: 'POST',
    path: '/explore/api/search',
    body: JSON.stringify({ query: queries[i % queries.length], limit: 10 }),
  }),
};

const results: Record<string, Record<string, number | null>> = {};
for (const [name, make] of Object.entries(targets)) {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: server.baseUrl,
      connections: Number(values.connections),
      duration,
      timeout: 30,
      requests: [
        {
          setupRequest: (request) => {
            const { method, path, body } = make(next++);
            return { ...request, method, path, body, headers: { 'content-type': 'application/json' } };
          },
        },
      ],
    });
  await run(2);
  const cpuBefore = processCpuMs(server.pid);
  const result = await run(Number(values.duration));
  const cpuAfter = processCpuMs(server.pid);
  results[name] = {
    // On a shared machine requests/s follow the neighbours' load; the server's CPU per request does much less, and
    // 1e6 / cpu_us is what one fully used core would answer.
    cpu_us_per_request: cpuUsPerRequest(cpuBefore, cpuAfter, result['2xx'] + result.non2xx),
    rps: Math.round(result['2xx'] / result.duration),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}
const rssAfterLoad = server.rssMb();
await server.stop();
console.log(
  JSON.stringify({
    query_positions: positions.lats.length,
    rss_mb: { at_listen: rssAtListen, at_rest: rssAtRest, after_load: rssAfterLoad },
    index_wait_ms: indexWaitMs,
    connections: Number(values.connections),
    duration_s: Number(values.duration),
    results,
  }),
);
