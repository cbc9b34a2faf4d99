// The geo bench's command line, and its relaunch under the server's allocator settings.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_POSTGIS_URL } from '../shared/postgis.ts';
import { readStartCommand } from '../shared/processes.ts';

export type GeoOptions = ReturnType<typeof readGeoOptions>;

export function readGeoOptions() {
  const { values } = parseArgs({
    options: {
      points: { type: 'string', default: '1000000' },
      seed: { type: 'string', default: '1' },
      queries: { type: 'string', default: '20000' },
      brute: { type: 'string', default: '100' },
      leaf: { type: 'string', default: '32' },
      // Cells per point of the scenes' count grid (core/geo/count-grid.ts); 0: none, the tree alone decides the cap.
      'grid-cells': { type: 'string' },
      'no-rbush': { type: 'boolean', default: false },
      only: { type: 'string' },
      'postgis-url': { type: 'string', default: process.env.BENCH_POSTGIS_URL ?? DEFAULT_POSTGIS_URL },
      'postgis-queries': { type: 'string', default: '2000' },
      'no-postgis': { type: 'boolean', default: false },
      'malloc-as-is': { type: 'boolean', default: false },
    },
  });
  return {
    points: Number(values.points),
    seed: Number(values.seed),
    queries: Number(values.queries),
    bruteQueries: Number(values.brute),
    leaf: Number(values.leaf),
    gridCells: values['grid-cells'] === undefined ? undefined : Number(values['grid-cells']),
    withRbush: !values['no-rbush'],
    /** Only the rows whose name holds this text are measured. */
    only: values.only,
    postgisUrl: values['postgis-url'] as string,
    postgisQueries: Number(values['postgis-queries']),
    withPostgis: !values['no-postgis'],
    mallocAsIs: values['malloc-as-is'],
  };
}

/**
 * The indexes are measured in memory as the server holds them: under npm start's allocator settings (huge pages on
 * the large typed arrays, scripts/bench/shared/processes.ts). glibc reads them at process start, hence a relaunch
 * (this process then exits with the relaunched one's status); --malloc-as-is keeps this process's settings.
 */
export function relaunchUnderServerMalloc(options: GeoOptions): void {
  const serverMalloc = readStartCommand(join(import.meta.dirname, '../../..')).env.GLIBC_TUNABLES;
  if (options.mallocAsIs || serverMalloc === undefined || process.env.GLIBC_TUNABLES === serverMalloc) return;
  const relaunched = spawnSync(process.execPath, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, GLIBC_TUNABLES: serverMalloc },
  });
  process.exit(relaunched.status ?? 1);
}
