import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { serviceVersion } from '../version.ts';

// The process's Prometheus metrics (prom-client), served on the metrics listener (metrics-listener.ts). One registry
// per process: metrics describe the process, so test servers sharing one process share them too. The series are
// listed in docs/OPERATIONS.md.

export const registry = new Registry();

// Node's own: event-loop lag, heap and resident memory, GC, handles, CPU.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

export const requests = new Counter({
  name: 'machimi_http_requests_total',
  help: 'HTTP requests answered, by operationId (unmatched: none) and status.',
  labelNames: ['operation', 'status'] as const,
  registers: [registry],
});

export const requestSeconds = new Histogram({
  name: 'machimi_http_request_duration_seconds',
  help: 'Time from receiving a request to its response being ready, by operationId.',
  labelNames: ['operation'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const rateLimited = new Counter({
  name: 'machimi_rate_limit_rejections_total',
  help: 'Requests refused with 429, by rate-limit bucket.',
  labelNames: ['bucket'] as const,
  registers: [registry],
});

export const judgeCalls = new Counter({
  name: 'machimi_judge_calls_total',
  help: 'Calls made to the scenery search judge (retries included), by judge kind.',
  labelNames: ['judge'] as const,
  registers: [registry],
});

export const judgeFallbacks = new Counter({
  name: 'machimi_judge_fallbacks_total',
  help: 'Search pages whose candidates were partly ranked without the judge: it failed, or time ran out.',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const cursorEvictions = new Counter({
  name: 'machimi_search_cursor_evictions_total',
  help: 'Scenery search cursors dropped before they expired (in-process store full), or expired rows deleted.',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const storeErrors = new Counter({
  name: 'machimi_store_errors_total',
  help: 'Store calls that failed (query, transaction, bulk load) and readiness pings that failed or timed out.',
  labelNames: ['call'] as const,
  registers: [registry],
});

// Read at each scrape from whatever store of cursors the running search engine uses.
const cursorCounts = new Set<() => number>();
export function countCursorsWith(count: () => number): void {
  cursorCounts.add(count);
}
new Gauge({
  name: 'machimi_search_cursors',
  help: 'Scenery search cursors held in process memory.',
  registers: [registry],
  collect() {
    let total = 0;
    for (const count of cursorCounts) total += count();
    this.set(total);
  },
});

const served = new Gauge({
  name: 'machimi_release_info',
  help: 'The served release and the version of the running code (value 1).',
  labelNames: ['release_id', 'version'] as const,
  registers: [registry],
});
export function setServedRelease(releaseId: string): void {
  served.reset();
  served.set({ release_id: releaseId, version: serviceVersion }, 1);
}

export const releaseSwitches = new Counter({
  name: 'machimi_release_switch_total',
  help:
    'Changes of the served release seen by this process (PostgreSQL), by outcome: switched, failed (kept the ' +
    'previous one), superseded (a newer change came while loading), none_served (no release left: kept the current).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
