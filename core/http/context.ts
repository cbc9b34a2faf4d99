import type { Config } from '../config.ts';
import type { HandlerMap, McpCostCounter, McpEndpoint } from '../context.ts';
import type { ServedRelease } from '../data/served-release.ts';
import type { Logger } from '../log.ts';
import type { PrintOk } from './envelope.ts';
import type { FaceName } from './faces.ts';
import type { RateLimits } from './rate-limit.ts';
import type { SpecRouter } from './router.ts';

export interface FaceRuntime {
  name: FaceName;
  router: SpecRouter;
  handlers: HandlerMap;
  // Place lookup: prints a handler's result inside the common envelope (serialise.ts). Without it, results are
  // answered as they are, with JSON.stringify.
  printOk?: PrintOk;
}

export interface AppDeps {
  config: Config;
  log: Logger;
  placeLookup: FaceRuntime;
  scenerySearch: FaceRuntime;
  rateLimits: RateLimits;
  release: ServedRelease;
  // Absolute links are built on it (public-origin.ts); set again once PORT=0 is bound to a real port.
  origin: string;
  mcp: { endpoint: McpEndpoint; cost: McpCostCounter };
  now?: () => Date;
}
