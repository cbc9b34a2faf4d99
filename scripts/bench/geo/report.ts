// The geo bench's output: a header saying what ran on which machine under which load, the build table, then the
// query table with one row per query (index, brute force, rbush and PostGIS side by side, the targets, and how many
// answers differed from the brute-force twin's and PostGIS's).
import os from 'node:os';
import { printTable } from '../shared/table.ts';
import type { GeoOptions } from './options.ts';
import { type Row, wasMeasured } from './rows.ts';

export interface RunConditions {
  loadBefore: number;
  calibrationMs: number;
  postgisLine: string;
}

const fmt = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(1)} ms` : `${us.toFixed(1)}`);

export function printGeoReport(options: GeoOptions, run: RunConditions, buildRows: string[][], rows: Row[]): void {
  console.log(
    `\n# core/geo benchmark: ${options.points} scenes, seed ${options.seed}, ${options.queries} queries per row (brute force on ${options.bruteQueries}),`,
  );
  console.log(
    `# Node ${process.version}, ${process.arch}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}; ` +
      `load average ${run.loadBefore.toFixed(1)} before, ${(os.loadavg()[0] ?? 0).toFixed(1)} after; ` +
      `reference: 1 M haversine in ${run.calibrationMs.toFixed(0)} ms`,
  );
  console.log(`# ${run.postgisLine}`);
  console.log(`# GLIBC_TUNABLES=${process.env.GLIBC_TUNABLES ?? '(unset)'}`);
  console.log('# latencies in µs unless marked ms\n');
  printTable(['build', 'time ms', 'cpu ms', 'heap+buffers MB', 'RSS MB', 'note'], buildRows);
  console.log('');
  printTable(
    [
      'query',
      'index p50',
      'index p99',
      'index cpu mean',
      'brute p50',
      'brute p99',
      'brute/index',
      'rbush p50',
      'rbush p99',
      'PostGIS p50',
      'PostGIS p99',
      'PostGIS/index p50',
      'PostGIS differs',
      'target',
      'mismatches',
      'note',
    ],
    rows
      .filter(wasMeasured)
      .map((r) => [
        r.query,
        fmt(r.index.p50),
        fmt(r.index.p99),
        fmt(r.index.cpuMean),
        fmt(r.brute.p50),
        fmt(r.brute.p99),
        `${(r.brute.p50 / r.index.p50).toFixed(0)}×`,
        r.rbush ? fmt(r.rbush.p50) : '',
        r.rbush ? fmt(r.rbush.p99) : '',
        r.postgis ? fmt(r.postgis.p50) : '',
        r.postgis ? fmt(r.postgis.p99) : '',
        r.postgis ? `${(r.postgis.p50 / r.index.p50).toFixed(0)}×` : '',
        r.postgisCheck ? `${r.postgisCheck.differ}/${r.postgisCheck.checked}` : '',
        r.target,
        `${r.mismatches}/${r.brute.n}`,
        r.note ?? '',
      ]),
  );
}
