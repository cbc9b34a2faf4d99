import type { H3 } from 'h3';
import type { Config } from '../config.ts';
import type { HandlerMap } from '../context.ts';
import type { ServedRelease } from '../data/served-release.ts';
import type { Logger } from '../log.ts';
import { createMcpEndpoint, type McpTool } from '../mcp/endpoint.ts';
import { countCost } from '../mcp/envelope.ts';
import { buildMcpTools } from '../mcp/tools.ts';
import { loadSpec, type SpecDocument, specFiles } from '../spec.ts';
import { createApp } from './app.ts';
import type { AppDeps } from './context.ts';
import { printOk } from './envelope.ts';
import { checkHandlers } from './handler-check.ts';
import { type BucketSpec, RateLimits } from './rate-limit.ts';
import { SpecRouter } from './router.ts';

export interface AssembleOptions {
  config: Config;
  release: ServedRelease;
  log: Logger;
  handlers: { place: HandlerMap; explore: HandlerMap };
  mcpTools?: McpTool[];
  now?: () => Date;
}

// Rate-limit buckets are declared once, in the specs (`x-rate-limits`); a bucket both specs name must agree.
function bucketsOf(specs: SpecDocument[]): Record<string, BucketSpec> {
  const buckets: Record<string, BucketSpec> = {};
  for (const spec of specs) {
    const declared = (spec.document['x-rate-limits'] ?? {}) as Record<string, BucketSpec>;
    for (const [name, bucket] of Object.entries(declared)) {
      const known = buckets[name];
      if (known && (known.points !== bucket.points || known.duration_s !== bucket.duration_s)) {
        throw new Error(`x-rate-limits.${name} differs between the specs`);
      }
      buckets[name] = bucket;
    }
  }
  return buckets;
}

export async function assembleApp(options: AssembleOptions): Promise<{ app: H3; deps: AppDeps }> {
  const placeSpec = loadSpec(specFiles.place);
  const exploreSpec = loadSpec(specFiles.explore);
  checkHandlers('handlers/place-lookup', placeSpec, options.handlers.place);
  checkHandlers('handlers/scenery-search', exploreSpec, options.handlers.explore);
  // On PostgreSQL every replica counts in one table; the embedded store serves one process, which counts alone.
  const shared = options.release.store.kind === 'postgres' ? options.release.store : undefined;
  const rateLimits = new RateLimits(bucketsOf([placeSpec, exploreSpec]), options.config.rateLimitFactor, shared);
  for (const operation of [...placeSpec.operations, ...exploreSpec.operations]) {
    const bucket = operation.rateLimit ?? 'rest';
    if (!rateLimits.has(bucket)) throw new Error(`${operation.operationId}: x-rate-limit ${bucket} is not declared`);
  }
  const deps: AppDeps = {
    config: options.config,
    log: options.log,
    place: {
      name: 'place-lookup',
      router: await SpecRouter.create(placeSpec),
      handlers: options.handlers.place,
      printOk,
    },
    explore: {
      name: 'scenery-search',
      router: await SpecRouter.create(exploreSpec),
      handlers: options.handlers.explore,
    },
    rateLimits,
    release: options.release,
    mcp: {
      endpoint: createMcpEndpoint(options.mcpTools ?? buildMcpTools(placeSpec, options.handlers.place)),
      cost: countCost,
    },
    ...(options.now ? { now: options.now } : {}),
  };
  return { app: createApp(deps), deps };
}
