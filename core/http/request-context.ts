import type { Config } from '../config.ts';
import type { ServedRelease } from '../data/served-release.ts';
import type { Logger } from '../log.ts';
import type { AppDeps, HandlerContext } from './context.ts';

// One request's HandlerContext. `log` (a child logger) and `origin` (needs the whole URL parsed) are made on first
// read: most requests need neither. They are own enumerable accessors, so a copy made by spreading the context (the
// MCP tools do) reads them, as it would from an object literal's getters; but every context shares the same two
// getter functions. Getters written in an object literal are new functions on every request, and V8 keeps each in
// an AccessorPair it allocates in the old generation: a scavenge treats that garbage as live, so every request's
// getters, their closure and through it the whole request (node:http's req/res, srvx's objects, ~2 KB) were
// promoted and stayed until the next full collection (200-300 MB after 10 s of load at ~5 000 requests/s).

const lazyFields: PropertyDescriptorMap = {};

export class RequestContext implements HandlerContext {
  readonly requestId: string;
  readonly config: Config;
  readonly now: () => Date;
  readonly data: ServedRelease;
  warnings: string[] = [];
  given: ReadonlySet<string>;
  declare readonly log: Logger;
  declare readonly origin: string;
  readonly #parentLog: Logger;
  readonly #request: Request;
  readonly #url: URL;
  #log: Logger | undefined;
  #origin: string | undefined;

  constructor(deps: AppDeps, requestId: string, request: Request, url: URL) {
    this.requestId = requestId;
    this.config = deps.config;
    this.now = deps.now ?? newDate;
    this.data = deps.release;
    this.given = new Set(url.searchParams.keys());
    this.#parentLog = deps.log;
    this.#request = request;
    this.#url = url;
    Object.defineProperties(this, lazyFields);
  }

  static {
    lazyFields.log = {
      enumerable: true,
      configurable: true,
      get(this: RequestContext) {
        this.#log ??= this.#parentLog.child({ request_id: this.requestId });
        return this.#log;
      },
    };
    lazyFields.origin = {
      enumerable: true,
      configurable: true,
      get(this: RequestContext) {
        this.#origin ??= originOf(this.#request, this.#url, this.config.trustProxy);
        return this.#origin;
      },
    };
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
