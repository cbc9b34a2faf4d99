// The HTTP benchmark's output: a header saying what ran on which machine under which load, then the tables: each
// target's median round (its latencies) with every round's requests/s and the server's median CPU per request, then
// the ratios, each the median of the ratios taken within a round, with their spread.
import os from 'node:os';
import { printTable } from '../shared/table.ts';
import type { HttpRow } from './load.ts';
import type { HttpBenchOptions } from './options.ts';
import { median, medianRow, roundRatios } from './rounds.ts';
import { BASELINE_PHASE, BASELINE_PREFIX, ROW } from './targets.ts';

export interface Ratio {
  label: string;
  numerator: string;
  denominator: string;
  /** The ratio the issue asks for, e.g. 0.4 for "≥ 40 %" or 3 for "≥ 3×". */
  atLeast?: number;
  /**
   * Targets that never ran in one phase compare through a target measured in both: (numerator / via[0]) over
   * (denominator / via[1]), each the median of its rounds' ratios.
   */
  via?: [string, string];
}

export function printHttpReport(
  options: HttpBenchOptions,
  results: ReadonlyMap<string, readonly HttpRow[]>,
  notes: readonly string[],
  loadBefore: number,
): void {
  const cpus = os.cpus();
  console.log(`\n# HTTP benchmark: loopback, one server process each, autocannon in the bench process`);
  console.log(
    `# Node ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? '?'}; load average ${loadBefore.toFixed(1)} before, ` +
      `${(os.loadavg()[0] ?? 0).toFixed(1)} after`,
  );
  console.log(
    `# ${options.rounds} interleaved rounds of ${options.durationS} s per target (${options.warmupS} s warm-up before ` +
      `the first), ${options.connections} connections; store ` +
      `${options.databaseUrl ? 'PostgreSQL' : `PGlite in ${options.dataDir}`}; LOG_LEVEL=${options.logLevel}`,
  );
  for (const note of notes) console.log(`# ${note}`);
  console.log('');
  const ratios: Ratio[] = [
    { label: 'nearby / (a) bare fixed body', numerator: ROW.nearby, denominator: ROW.bare, atLeast: 0.4 },
    { label: 'nearby / (b) PostGIS server', numerator: ROW.nearby, denominator: ROW.postgis, atLeast: 3 },
    { label: "nearby / (a') bare + JSON.stringify", numerator: ROW.nearby, denominator: ROW.bareStringify },
    { label: 'coverage / (a) bare fixed body', numerator: ROW.coverage, denominator: ROW.bare },
    { label: 'amenities / (a) bare fixed body', numerator: ROW.amenities, denominator: ROW.bare },
    { label: 'nearby gzip / nearby uncompressed', numerator: ROW.nearbyGzip, denominator: ROW.nearby, atLeast: 0.5 },
    { label: 'nearby br / nearby uncompressed', numerator: ROW.nearbyBrotli, denominator: ROW.nearby, atLeast: 0.5 },
    { label: 'nearby 304 / nearby uncompressed', numerator: ROW.nearbyNotModified, denominator: ROW.nearby },
  ];
  for (const key of ['nearby', 'coverage', 'amenities'] as const) {
    ratios.push({
      label: `${key}: this checkout / baseline`,
      numerator: ROW[key],
      denominator: `${BASELINE_PREFIX}${ROW[key]}`,
      via: [ROW.bare, `${ROW.bare}${BASELINE_PHASE}`],
    });
  }
  printHttpTables(results, ratios);
}

function printHttpTables(results: ReadonlyMap<string, readonly HttpRow[]>, ratios: readonly Ratio[]): void {
  printTable(
    [
      'target',
      'requests/s (median)',
      'each round',
      'p50 ms',
      'p99 ms',
      'bytes/response',
      'server CPU µs/request',
      'failed',
    ],
    [...results].map(([name, rows]) => {
      const row = medianRow(rows);
      const cpu = medianCpuUs(rows);
      return [
        name,
        row.rps.toFixed(0),
        row.roundsRps.map((rps) => rps.toFixed(0)).join(' / '),
        row.p50Ms.toFixed(0),
        row.p99Ms.toFixed(0),
        row.bytesPerResponse.toFixed(0),
        cpu === null ? '' : cpu.toFixed(0),
        String(row.failed),
      ];
    }),
  );
  const lines: string[][] = [];
  for (const ratio of ratios) {
    const measured = measureRatio(results, ratio);
    if (!measured) continue;
    const target = ratio.atLeast === undefined ? '' : `≥ ${formatRatio(ratio.atLeast)}`;
    const verdict = ratio.atLeast === undefined ? '' : measured.value >= ratio.atLeast ? 'met' : 'NOT met';
    lines.push([ratio.label, formatRatio(measured.value), measured.spread, target, verdict]);
  }
  if (lines.length === 0) return;
  console.log('');
  printTable(['ratio of requests/s', 'median', 'rounds', 'target', ''], lines);
}

/** The median over rounds of the server's CPU per request, or null when no round measured it. */
export function medianCpuUs(rows: readonly HttpRow[]): number | null {
  const measured = rows.flatMap((row) => (row.cpuUsPerRequest === null ? [] : [row.cpuUsPerRequest]));
  return measured.length === 0 ? null : median(measured);
}

function measureRatio(
  results: ReadonlyMap<string, readonly HttpRow[]>,
  ratio: Ratio,
): { value: number; spread: string } | null {
  const rows = (name: string) => results.get(name) ?? [];
  const within = (numerator: string, denominator: string) => roundRatios(rows(numerator), rows(denominator));
  if (ratio.via) {
    const top = within(ratio.numerator, ratio.via[0]);
    const bottom = within(ratio.denominator, ratio.via[1]);
    if (top.length === 0 || bottom.length === 0) return null;
    return { value: median(top) / median(bottom), spread: `through ${ratio.via[0]}` };
  }
  const each = within(ratio.numerator, ratio.denominator);
  if (each.length === 0) return null;
  return { value: median(each), spread: each.map(formatRatio).join(' / ') };
}

function formatRatio(value: number): string {
  return value < 1 ? `${(value * 100).toFixed(0)} %` : `${value.toFixed(2)}×`;
}
