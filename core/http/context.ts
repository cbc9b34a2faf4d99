import type { Config } from '../config.ts';
import type { HandlerMap, McpCostCounter, McpEndpoint } from '../context.ts';
import type { ServedRelease } from '../data/served-release.ts';
import type { Logger } from '../log.ts';
import type { ServedContract } from './contract.ts';
import type { PrintOk } from './envelope.ts';
import type { FaceName } from './faces.ts';
import type { RateLimits } from './rate-limit.ts';
import type { SpecRouter } from './router.ts';

export interface FaceRuntime {
  name: FaceName;
  router: SpecRouter;
  handlers: HandlerMap;
  /** The face's OpenAPI document as served (operations with `x-handled-by: contract`). */
  contract: ServedContract;
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
  mcp: { endpoint: McpEndpoint; cost: McpCostCounter };
  now?: () => Date;
}
