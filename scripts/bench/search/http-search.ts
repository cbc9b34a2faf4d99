/**
 * The figure a client sees: the evaluation queries sent one after another to `npm start` of a checkout over the
 * data folder, in each mode, the page's store read included. One server at a time (an embedded store admits one
 * process); the first search waits for the index to load.
 */
import type { SearchMode } from '../../../core/scenery-search/request.ts';
import { readStartCommand, startServer } from '../shared/processes.ts';
import type { EvaluationQuery } from './query-latency.ts';

const REQUEST_TIMEOUT_MS = 60_000;

async function post(baseUrl: string, body: unknown): Promise<number> {
  const response = await fetch(`${baseUrl}/explore/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  return response.status;
}

export async function httpLatency(
  label: string,
  checkout: string,
  dataDir: string,
  queries: readonly EvaluationQuery[],
  rounds: number,
): Promise<Record<string, unknown>> {
  const launch = readStartCommand(checkout);
  const server = await startServer({
    name: label,
    args: [...launch.nodeFlags, `${checkout}/${launch.script}`],
    cwd: checkout,
    env: { ...launch.env, DATA_DIR: dataDir, RATE_LIMIT_FACTOR: '1000000', LOG_LEVEL: 'warn' },
    readyPath: '/v1/meta',
    readyTimeoutMs: 600_000,
  });
  try {
    const firstStarted = performance.now();
    await post(server.baseUrl, { query: '坂道', limit: 1 });
    const out: Record<string, unknown> = { label, first_search_ms: Math.round(performance.now() - firstStarted) };
    for (const mode of ['text', 'jev'] as SearchMode[]) {
      let times: number[] = [];
      let failed = 0;
      for (let round = 0; round < rounds; round++) {
        times = [];
        for (const q of queries) {
          const started = performance.now();
          const status = await post(server.baseUrl, { ...(q.q ? { query: q.q } : { preset: q.preset ?? null }), mode });
          times.push(performance.now() - started);
          if (status !== 200) failed++;
        }
      }
      times.sort((a, b) => a - b);
      const at = (p: number) =>
        Number((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(2));
      out[mode] = { p50_ms: at(0.5), p90_ms: at(0.9), max_ms: at(1), not_200: failed };
    }
    out.rss_mb = server.rssMb();
    return out;
  } finally {
    await server.stop();
  }
}
