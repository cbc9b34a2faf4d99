// Load generation for the HTTP benchmark (autocannon, in this process): fixed connections and duration, each request
// on the next path of a list, so requests spread over many points and caches do not make the answer trivial.
import autocannon from 'autocannon';

export interface HttpTarget {
  /** Row label in the table. */
  name: string;
  baseUrl: string;
  /** Request paths (with query), used round-robin across all connections. */
  paths: readonly string[];
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  /** A short run before the measured one (JIT, caches, connection pools), not counted. */
  warmupS: number;
}

export interface HttpRow {
  name: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Mean response size (body and headers) in bytes. */
  bytesPerResponse: number;
  /** Requests that failed or did not answer 2xx; a row with any is not a valid figure. */
  failed: number;
}

export async function measureTarget(target: HttpTarget, options: LoadOptions): Promise<HttpRow> {
  let next = 0;
  const run = (durationS: number) =>
    autocannon({
      url: target.baseUrl,
      connections: options.connections,
      duration: durationS,
      timeout: 30,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            request.path = target.paths[next++ % target.paths.length] as string;
            return request;
          },
        },
      ],
    });
  if (options.warmupS > 0) await run(options.warmupS);
  const result = await run(options.durationS);
  const completed = result['2xx'] + result.non2xx;
  return {
    name: target.name,
    rps: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    bytesPerResponse: completed > 0 ? result.throughput.total / completed : 0,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

export interface Ratio {
  label: string;
  numerator: string;
  denominator: string;
  /** The ratio the issue asks for, e.g. 0.4 for "≥ 40 %" or 3 for "≥ 3×". */
  atLeast?: number;
}

/** One markdown table of the rows and one of the ratios (rps of numerator / rps of denominator). */
export function printHttpTables(rows: readonly HttpRow[], ratios: readonly Ratio[]): void {
  printTable(
    ['target', 'requests/s', 'p50 ms', 'p99 ms', 'bytes/response', 'failed'],
    rows.map((row) => [
      row.name,
      row.rps.toFixed(0),
      row.p50Ms.toFixed(0),
      row.p99Ms.toFixed(0),
      row.bytesPerResponse.toFixed(0),
      String(row.failed),
    ]),
  );
  const byName = new Map(rows.map((row) => [row.name, row]));
  const lines: string[][] = [];
  for (const ratio of ratios) {
    const top = byName.get(ratio.numerator);
    const bottom = byName.get(ratio.denominator);
    if (!top || !bottom || bottom.rps === 0) continue;
    const value = top.rps / bottom.rps;
    const target = ratio.atLeast === undefined ? '' : `≥ ${formatRatio(ratio.atLeast)}`;
    const verdict = ratio.atLeast === undefined ? '' : value >= ratio.atLeast ? 'met' : 'NOT met';
    lines.push([ratio.label, formatRatio(value), target, verdict]);
  }
  if (lines.length === 0) return;
  console.log('');
  printTable(['ratio of requests/s', 'measured', 'target', ''], lines);
}

function formatRatio(value: number): string {
  return value < 1 ? `${(value * 100).toFixed(0)} %` : `${value.toFixed(2)}×`;
}

export function printTable(header: string[], body: string[][]): void {
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c] as number)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of body) console.log(line(r));
}
