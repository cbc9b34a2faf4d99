import type { H3 } from 'h3';
import type { Config } from '../config.ts';
import type { HandlerMap } from '../context.ts';
import type { ServedRelease } from '../data/served-release.ts';
import type { Logger } from '../log.ts';
import { createMcpEndpoint, type McpTool } from '../mcp/endpoint.ts';
import { countCost } from '../mcp/envelope.ts';
import { buildMcpTools } from '../mcp/tools.ts';
import { Readiness } from '../ops/readiness.ts';
import { loadSpec, type SpecDocument, specFiles } from '../spec.ts';
import { createApp } from './app.ts';
import { answerClientErrors } from './client-error.ts';
import type { AppDeps } from './context.ts';
import { ServedContract } from './contract.ts';
import { DocsSite } from './docs-site.ts';
import { printOk } from './envelope.ts';
import { checkHandlers } from './handler-check.ts';
import { type MapSite, sharedMapSite } from './map-site.ts';
import { configuredUrlOf, publicOriginOf } from './public-origin.ts';
import { type BucketSpec, RateLimits } from './rate-limit.ts';
import { normalisePath } from './route-table.ts';
import { SpecRouter } from './router.ts';

export interface AssembleOptions {
  config: Config;
  release: ServedRelease;
  log: Logger;
  handlers: { placeLookup: HandlerMap; scenerySearch: HandlerMap; service: HandlerMap; map: HandlerMap };
  /** The map page and its files; by default built from web/. */
  mapSite?: MapSite;
  mcpTools?: McpTool[];
  /** Fed by start-up and the stop sequence; by default one that pings the release's store. */
  readiness?: Readiness;
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

// Where a face's document is served as JSON: the path of its `x-handled-by: contract` operation ending in .json.
function jsonDocumentPath(spec: SpecDocument): string {
  const served = spec.operations.find(
    (operation) => operation.handledBy === 'contract' && operation.path.endsWith('.json'),
  );
  if (!served) throw new Error(`${spec.file}: no operation serves the document as JSON`);
  return served.path;
}

function docsSiteOf(placeLookupSpec: SpecDocument, scenerySearchSpec: SpecDocument): DocsSite {
  return new DocsSite([
    { id: 'place-lookup', title: 'Place lookup', titleJa: '場所で調べる', url: jsonDocumentPath(placeLookupSpec) },
    { id: 'scenery-search', title: 'Scenery search', titleJa: '風景で探す', url: jsonDocumentPath(scenerySearchSpec) },
  ]);
}

function readinessOf(release: ServedRelease): Readiness {
  // The ping names the store only: a closure over the release would keep it alive after a switch.
  const { store } = release;
  const readiness = new Readiness({ ping: () => store.query('SELECT 1') });
  readiness.releaseLoaded(release.record.release_id);
  return readiness;
}

export async function assembleApp(options: AssembleOptions): Promise<{ app: H3; deps: AppDeps }> {
  const placeLookupSpec = loadSpec(specFiles.placeLookup);
  const scenerySearchSpec = loadSpec(specFiles.scenerySearch);
  const serviceSpec = loadSpec(specFiles.service);
  const mapSpec = loadSpec(specFiles.map);
  checkHandlers('handlers/place-lookup', placeLookupSpec, options.handlers.placeLookup);
  checkHandlers('handlers/scenery-search', scenerySearchSpec, options.handlers.scenerySearch);
  checkHandlers('handlers/service', serviceSpec, options.handlers.service);
  checkHandlers('handlers/map', mapSpec, options.handlers.map);
  // On PostgreSQL every replica counts in one table; the embedded store serves one process, which counts alone.
  const shared = options.release.store.kind === 'postgres' ? options.release.store : undefined;
  const rateLimits = new RateLimits(
    bucketsOf([placeLookupSpec, scenerySearchSpec, mapSpec]),
    options.config.rateLimitFactor,
    shared,
  );
  const operations = [placeLookupSpec, scenerySearchSpec, serviceSpec, mapSpec].flatMap((spec) => spec.operations);
  for (const operation of operations) {
    const bucket = operation.rateLimit ?? 'rest';
    if (bucket !== 'none' && !rateLimits.has(bucket))
      throw new Error(`${operation.operationId}: x-rate-limit ${bucket} is not declared`);
  }
  const mapSite = options.mapSite ?? sharedMapSite();
  // Compressed ahead on the thread pool while the first requests are answered.
  void mapSite.precompress(options.log);
  const deps: AppDeps = {
    config: options.config,
    log: options.log,
    placeLookup: {
      name: 'place-lookup',
      router: await SpecRouter.create(placeLookupSpec),
      handlers: options.handlers.placeLookup,
      contract: new ServedContract(placeLookupSpec),
      printOk,
    },
    scenerySearch: {
      name: 'scenery-search',
      router: await SpecRouter.create(scenerySearchSpec),
      handlers: options.handlers.scenerySearch,
      contract: new ServedContract(scenerySearchSpec),
    },
    service: {
      name: 'service',
      router: await SpecRouter.create(serviceSpec),
      handlers: options.handlers.service,
      repliesWithStatus: true,
      paths: new Set(serviceSpec.operations.map((operation) => normalisePath(operation.path))),
      prefixes: serviceSpec.operations
        .filter((operation) => operation.path.includes('{'))
        .map((operation) => operation.path.slice(0, operation.path.indexOf('{'))),
      site: docsSiteOf(placeLookupSpec, scenerySearchSpec),
      requestLogLevel: 'debug',
    },
    map: {
      name: 'map',
      router: await SpecRouter.create(mapSpec),
      handlers: options.handlers.map,
      contract: new ServedContract(mapSpec),
      site: mapSite,
    },
    rateLimits,
    release: options.release,
    readiness: options.readiness ?? readinessOf(options.release),
    origin: publicOriginOf(options.config, configuredUrlOf(options.config)),
    mcp: {
      endpoint: createMcpEndpoint(options.mcpTools ?? buildMcpTools(placeLookupSpec, options.handlers.placeLookup)),
      cost: countCost,
    },
    ...(options.now ? { now: options.now } : {}),
  };
  const app = createApp(deps);
  answerClientErrors(app, deps);
  return { app, deps };
}
