import type { Config } from '../config.ts';
import type { HandlerContext } from '../context.ts';
import type { ServedRelease } from '../data/served-release.ts';
import type { Logger } from '../log.ts';
import type { Readiness } from '../ops/readiness.ts';
import type { AppDeps } from './context.ts';

// One request's HandlerContext. `log` (a child logger) is made on first read: most requests need none. `log` and
// `origin` are getters of the class, kept in a state object behind a symbol rather than in private fields, so a context derived with Object.create (each MCP tool call: mcp/operation.ts) reads and
// caches them through its prototype. Not own accessors: defining them on every instance cost ~0.9 µs a request, and
// getters written in an object literal are new functions on every request, which V8 keeps in AccessorPairs it
// allocates in the old generation: a scavenge then treated each request's closure, and through it the whole request
// (node:http's req/res, srvx's objects, ~2 KB), as live until the next full collection.

const state = Symbol('request state');

interface LazyState {
  parentLog: Logger;
  log: Logger | undefined;
  origin: string;
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

  constructor(deps: AppDeps, requestId: string, url: URL) {
    this.requestId = requestId;
    this.config = deps.config;
    this.now = deps.now ?? newDate;
    this.data = deps.release;
    this.readiness = deps.readiness;
    this.given = new Set(url.searchParams.keys());
    this[state] = { parentLog: deps.log, log: undefined, origin: deps.origin };
  }

  get log(): Logger {
    const lazy = this[state];
    lazy.log ??= lazy.parentLog.child({ request_id: this.requestId });
    return lazy.log;
  }

  // From configuration (public-origin.ts), never from the request's headers.
  get origin(): string {
    return this[state].origin;
  }
}

function newDate(): Date {
  return new Date();
}
