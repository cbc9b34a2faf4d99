// HTTP requests per second on loopback: our server's /v1/scenes/nearby (r=500, top 50), /v1/coverage (r=500) and
// /v1/amenities/nearby (r=1000, top 10) next to (a) a bare node:http server sending a fixed body of the same size and
// (b) a minimal node:http + pg + PostGIS server answering the same nearby query. Targets: docs/PERFORMANCE.md.
// Usage: node scripts/bench-http.ts [--scenes 1000000] [--seed 1] [--data-dir .data/bench-http] [--database-url URL]
//   [--release DIR] [--postgis-url URL] [--only machimi,bare,postgis] [--compare-checkout DIR]
//   [--baseline-data-dir DIR] [--points 5000]
//   [--connections 32] [--duration 5] [--warmup 3] [--rounds 6] [--log-level warn]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runHttpBench } from './bench/http-bench.ts';
import { DEFAULT_POSTGIS_URL } from './bench/postgis.ts';

const { values } = parseArgs({
  options: {
    scenes: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    'data-dir': { type: 'string', default: '.data/bench-http' },
    'database-url': { type: 'string' },
    release: { type: 'string' },
    'postgis-url': { type: 'string', default: process.env.BENCH_POSTGIS_URL ?? DEFAULT_POSTGIS_URL },
    only: { type: 'string', default: 'machimi,bare,postgis' },
    'compare-checkout': { type: 'string' },
    'baseline-data-dir': { type: 'string' },
    points: { type: 'string', default: '5000' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '6' },
    'log-level': { type: 'string', default: 'warn' },
  },
});

await runHttpBench({
  checkout: resolve(import.meta.dirname, '..'),
  compareCheckout: values['compare-checkout'],
  baselineDataDir: values['baseline-data-dir'],
  dataDir: values['data-dir'] as string,
  databaseUrl: values['database-url'],
  scenes: Number(values.scenes),
  seed: Number(values.seed),
  release: values.release,
  postgisUrl: values['postgis-url'] as string,
  only: new Set((values.only as string).split(',').map((part) => part.trim())),
  points: Number(values.points),
  connections: Number(values.connections),
  durationS: Number(values.duration),
  warmupS: Number(values.warmup),
  rounds: Math.max(1, Number(values.rounds)),
  logLevel: values['log-level'] as string,
});
