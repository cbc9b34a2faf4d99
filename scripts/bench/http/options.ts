// The HTTP bench's command line.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_POSTGIS_URL } from '../shared/postgis.ts';
import type { RoundsOptions } from './rounds.ts';

export interface HttpBenchOptions extends RoundsOptions {
  /** Repository root whose scripts/serve.ts is measured (default: this checkout). */
  checkout: string;
  /** Another checkout measured the same way right after, e.g. the last commit unpacked by `git archive`. */
  compareCheckout?: string;
  dataDir: string;
  /**
   * The compared checkout's DATA_DIR (default dataDir). Give it one of its own when its snapshot files differ in format:
   * a server rewrites stale snapshots after listening, and until its card records are in, nearby reads the store.
   */
  baselineDataDir?: string;
  databaseUrl?: string;
  scenes: number;
  seed: number;
  /** The served release's folder (query points and PostGIS data); default DATA_DIR/releases/demo-s{seed}-n{scenes}. */
  release?: string;
  postgisUrl: string;
  /** Which groups to run: machimi, bare, postgis, delivery (nearby compressed and revalidated). */
  only: Set<string>;
  points: number;
  logLevel: string;
}

export function readHttpOptions(): HttpBenchOptions {
  const { values } = parseArgs({
    options: {
      scenes: { type: 'string', default: '1000000' },
      seed: { type: 'string', default: '1' },
      'data-dir': { type: 'string', default: '.data/bench-http' },
      'database-url': { type: 'string' },
      release: { type: 'string' },
      'postgis-url': { type: 'string', default: process.env.BENCH_POSTGIS_URL ?? DEFAULT_POSTGIS_URL },
      only: { type: 'string', default: 'machimi,bare,postgis,delivery' },
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
  return {
    checkout: resolve(import.meta.dirname, '../../..'),
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
  };
}
