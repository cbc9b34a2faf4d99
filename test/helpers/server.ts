import { inject } from 'vitest';
import { type Config, parseConfig } from '../../core/config.ts';
import type { HandlerMap } from '../../core/context.ts';
import { openServedRelease } from '../../core/data/bootstrap.ts';
import type { ServedRelease } from '../../core/data/served-release.ts';
import { assembleApp } from '../../core/http/assemble.ts';
import { connectionLimitsOf } from '../../core/http/connection-limits.ts';
import { listenApp } from '../../core/http/listen.ts';
import { publicOriginOf, settleSearchOrigins } from '../../core/http/public-origin.ts';
import type { RateLimits } from '../../core/http/rate-limit.ts';
import { createLogger } from '../../core/log.ts';
import type { Readiness } from '../../core/ops/readiness.ts';
import type { Store } from '../../core/store/index.ts';
import { loadHandlers } from '../../handlers/load.ts';
import { captureLog } from './captured-log.ts';

// Starts the real server (the same assembly as npm start) on a free loopback port, on the demo release the global
// setup ingested, and keeps its log lines. The store is opened once per test file and shared by its servers.

export interface TestServer {
  url: string;
  release: ServedRelease;
  logLines: Record<string, unknown>[];
  /** The server's per-IP budgets, to fill one up without sending its whole size in requests. */
  rateLimits: RateLimits;
  close: () => Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  // Replaces handlers by operationId, e.g. to make one fail on purpose.
  placeLookupHandlers?: HandlerMap;
  // Stands in for the readiness start-up and the stop sequence feed, to drive /readyz.
  readiness?: Readiness;
  // Serves this release instead of the file's shared one (a store opened through a fault proxy, say).
  release?: ServedRelease;
}

let opened: Promise<{ store: Store; release: ServedRelease }> | undefined;

export function testRelease(): Promise<{ store: Store; release: ServedRelease }> {
  if (!opened) {
    const config = parseConfig({ LOG_LEVEL: 'silent' });
    opened = openServedRelease(config, createLogger(config), inject('testStore'));
  }
  return opened;
}

export async function closeTestRelease(): Promise<void> {
  if (!opened) return;
  const { store } = await opened;
  opened = undefined;
  await store.close();
}

// The rate limits of the test servers running in this process (see the shared table below).
const runningRateLimits = new Set<RateLimits>();

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const config: Config = parseConfig({ PORT: '0', LOG_LEVEL: 'info', ...options.env });
  const { log, lines: logLines } = captureLog([], config);
  const release = options.release ?? (await testRelease()).release;
  // On PostgreSQL the counters are shared by every server on the database, as replicas share them; each test server
  // starts with none, as it would in process.
  // Counts the servers still running here wrote behind would land after the delete: written first.
  if (release.store.kind === 'postgres') {
    await Promise.all([...runningRateLimits].map((limits) => limits.sync()));
    await release.store.query('DELETE FROM rate_limits');
  }
  const place = { ...(await loadHandlers('place-lookup')), ...options.placeLookupHandlers };
  const handlers = {
    placeLookup: place,
    scenerySearch: await loadHandlers('scenery-search'),
    service: await loadHandlers('service'),
    map: await loadHandlers('map'),
  };
  const readiness = options.readiness;
  const { app, deps } = await assembleApp({ config, log, handlers, release, ...(readiness ? { readiness } : {}) });
  const { listener, url } = await listenApp(app, '127.0.0.1', 0, { limits: connectionLimitsOf(config), log });
  deps.origin = publicOriginOf(config, url);
  settleSearchOrigins(config, url);
  runningRateLimits.add(deps.rateLimits);
  const close = async () => {
    await listener.close();
    runningRateLimits.delete(deps.rateLimits);
    // Counts written behind must land before the next test server empties the shared table.
    await deps.rateLimits.close();
  };
  return { url, release, logLines, rateLimits: deps.rateLimits, close };
}
