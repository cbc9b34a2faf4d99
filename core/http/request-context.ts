import type { Config } from '../config.ts';
import type { HandlerContext } from '../context.ts';
import type { ServedRelease } from '../data/served-release.ts';
import type { Logger } from '../log.ts';
import type { Readiness } from '../ops/readiness.ts';
import type { AppDeps } from './context.ts';

// One request's HandlerContext. `log` (a child logger) and `origin` (needs the whole URL parsed) are made on first
// read: most requests need neither. They are getters of the class, kept in a state object behind a symbol rather
// than in private fields, so a context derived with Object.create (each MCP tool call: mcp/operation.ts) reads and
// caches them through its prototype. Not own accessors: defining them on every instance cost ~0.9 µs a request, and
// getters written in an object literal are new functions on every request, which V8 keeps in AccessorPairs it
// allocates in the old generation: a scavenge then treated each request's closure, and through it the whole request
// (node:http's req/res, srvx's objects, ~2 KB), as live until the next full collection.

const state = Symbol('request state');

interface LazyState {
  parentLog: Logger;
  request: Request;
  url: URL;
  log: Logger | undefined;
  origin: string | undefined;
}

export class RequestContext implements HandlerContext {
  readonly requestId: string;
  readonly config: Config;
  readonly now: () => Date;
  readonly data: ServedRelease;
  readonly readiness: Readiness;
  warnings: string[] = [];
  given: ReadonlySet<string>;
  readonly [state]: LazyState;

  constructor(deps: AppDeps, requestId: string, request: Request, url: URL) {
    this.requestId = requestId;
    this.config = deps.config;
    this.now = deps.now ?? newDate;
    this.data = deps.release;
    this.readiness = deps.readiness;
    this.given = new Set(url.searchParams.keys());
    this[state] = { parentLog: deps.log, request, url, log: undefined, origin: undefined };
  }

  get log(): Logger {
    const lazy = this[state];
    lazy.log ??= lazy.parentLog.child({ request_id: this.requestId });
    return lazy.log;
  }

  get origin(): string {
    const lazy = this[state];
    lazy.origin ??= originOf(lazy.request, lazy.url, this.config.trustProxy);
    return lazy.origin;
  }
}

function newDate(): Date {
  return new Date();
}

// Behind trusted proxies the origin the client used is in X-Forwarded-Proto / X-Forwarded-Host.
function originOf(request: Request, url: URL, trustProxy: number): string {
  const host = trustProxy > 0 ? request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  if (!host) return url.origin;
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || url.protocol.replace(':', '');
  return `${proto}://${host}`;
}
