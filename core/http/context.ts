import type { Config } from '../config.ts';
import type { HandlerMap, McpCostCounter, McpEndpoint } from '../context.ts';
import type { ServedRelease } from '../data/served-release.ts';
import type { Logger } from '../log.ts';
import type { Readiness } from '../ops/readiness.ts';
import type { ServedContract } from './contract.ts';
import type { PrintOk } from './envelope.ts';
import type { FaceName } from './faces.ts';
import type { RateLimits } from './rate-limit.ts';
import type { SpecRouter } from './router.ts';
import type { StaticFile } from './static-file.ts';

/** Pages held in memory: a page and the files it links (operations with `x-handled-by: docs` or `site`). */
export interface StaticSite {
  page: StaticFile;
  /** The file of that name; throws not_found for any other. */
  asset(name: string): StaticFile;
}

export interface FaceRuntime {
  name: FaceName;
  router: SpecRouter;
  handlers: HandlerMap;
  /** The face's OpenAPI document as served (operations with `x-handled-by: contract`). */
  contract?: ServedContract;
  // Place lookup: prints a handler's result inside the common envelope (serialise.ts). Without it, results are
  // answered as they are, with JSON.stringify.
  printOk?: PrintOk;
  // Service: a handler answers { status, body } itself (/readyz is 503 when not ready), not a 200 body.
  repliesWithStatus?: boolean;
  // The paths that select this face (only for faces other than the two mounted by prefix), and the folders of its
  // templated paths (`/docs/assets/`).
  paths?: ReadonlySet<string>;
  prefixes?: readonly string[];
  /** The human documentation (/docs) or the map page (/). */
  site?: StaticSite;
  // The level of the per-request log line; probes poll often and log at debug.
  requestLogLevel?: 'info' | 'debug';
}

export interface AppDeps {
  config: Config;
  log: Logger;
  placeLookup: FaceRuntime;
  scenerySearch: FaceRuntime;
  service: FaceRuntime;
  map: FaceRuntime;
  rateLimits: RateLimits;
  release: ServedRelease;
  readiness: Readiness;
  // Absolute links are built on it (public-origin.ts); set again once PORT=0 is bound to a real port.
  origin: string;
  mcp: { endpoint: McpEndpoint; cost: McpCostCounter };
  now?: () => Date;
}
