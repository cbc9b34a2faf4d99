// npm start: parse the configuration, load the handlers, check them against the specs and listen.
// Only node:module is imported statically: the on-disk compile cache must be on before the rest of the module graph
// is compiled (measured: it halves the CPU time of loading the modules on later starts, ~1.7 s → ~0.9 s).
import { enableCompileCache } from 'node:module';
import type { Config } from '../core/config.ts';
import type { HandlerMap } from '../core/context.ts';
import type { OpenOptions } from '../core/data/bootstrap.ts';
import type { ConnectionLimits } from '../core/http/connection-limits.ts';
import type { Logger } from '../core/log.ts';

enableCompileCache?.();

async function readConfig(): Promise<{ config: Config; limits: ConnectionLimits }> {
  const { ConfigError, parseConfig } = await import('../core/config.ts');
  const { connectionLimitsOf } = await import('../core/http/connection-limits.ts');
  try {
    const config = parseConfig();
    return { config, limits: connectionLimitsOf(config) };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}

// Loaded in parallel, merged into one namespace.
async function loadModules() {
  const modules = await Promise.all([
    import('../core/data/bootstrap.ts'),
    import('../core/scenery-search/engine-holder.ts'),
    import('../core/http/assemble.ts'),
    import('../core/http/listen.ts'),
    import('../core/http/public-origin.ts'),
    import('../handlers/load.ts'),
    import('../core/scenes/keys.ts'),
    import('../core/ops/readiness.ts'),
    import('../core/ops/stop.ts'),
    import('../core/ops/metrics.ts'),
    import('../core/ops/store-errors.ts'),
    import('../core/ops/metrics-listener.ts'),
    import('../core/version.ts'),
    import('../core/ops/startup-console.ts'),
    import('../core/http/public-origin.ts'),
    import('../core/store/data-dir-errors.ts'),
    import('../core/live-release/follow.ts'),
    import('../core/map/warm.ts'),
  ]);
  return Object.assign({}, ...modules) as UnionToIntersection<(typeof modules)[number]>;
}

type Modules = Awaited<ReturnType<typeof loadModules>>;

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (all: infer I) => void
  ? I
  : never;

async function main(): Promise<void> {
  const { config, limits } = await readConfig();
  const { createLogger } = await import('../core/log.ts');
  const { createStartupTimer, memoryFigures } = await import('../core/data/startup-timer.ts');
  const log = createLogger(config);
  // Measured from the process's start, so Node's own start counts too; each phase is logged as { phase, ms }.
  const timer = createStartupTimer(log, 0);
  const cpu = process.cpuUsage();
  timer.record('start_node', performance.now(), Math.round((cpu.user + cpu.system) / 1000));
  const m = await timer.time('load_modules', loadModules);
  const background: Promise<void>[] = [];
  const handlers = await timer.time('load_handlers', async () => ({
    placeLookup: await m.loadHandlers('place-lookup'),
    scenerySearch: await m.loadHandlers('scenery-search'),
    service: await m.loadHandlers('service'),
    map: await m.loadHandlers('map'),
  }));
  const say = m.createStartupConsole();
  if (config.databaseUrl === null) await m.checkDataDirWritable(config.dataDir);
  const { store, app, deps, readiness, ingested } = await openAndAssemble(m, config, log, handlers, {
    timer,
    say,
    snapshotDir: config.dataDir,
    // The snapshot is written while the server already answers; a stop waits for it.
    background: (task) => background.push(task),
  });
  // /readyz waits for the search index from before the listen on: a balancer would send searches that wait for it.
  const index = Promise.withResolvers<boolean>();
  readiness.waitForSearchIndex(index.promise);
  const { url, listener } = await timer.time('listen', () =>
    m.listenApp(app, config.host, config.port, { limits, log }),
  );
  deps.origin = m.publicOriginOf(config, url);
  m.settleSearchOrigins(config, url);
  const metricsListener = config.metrics ? await m.listenMetrics(config.metrics.host, config.metrics.port) : undefined;
  log.info(
    {
      url,
      ...(metricsListener ? { metrics_url: metricsListener.url } : {}),
      version: m.serviceVersion,
      release_id: deps.release.record.release_id,
      scenes: deps.release.scenes.light.count,
      ...timer.summary(),
      ...memoryFigures(),
    },
    `machimi ${m.serviceVersion} listening on ${url}`,
  );
  // The scenery search index builds in the background; searches that arrive earlier wait for it.
  const built = m.startEngineBuild(deps.release, log, config);
  // The map's structures too (a first visitor would otherwise wait for them), once the search index is in: both take
  // this thread, and the index is what /readyz waits for. Tiles asked earlier build them alike; a stop skips them.
  const first = deps.release;
  background.push(
    built
      .then(() => (readiness.isDraining ? undefined : timer.time('warm_map', () => m.warmMap(first))))
      .catch((error: unknown) => log.warn({ err: error }, 'map layers not built ahead: the first tiles build them')),
  );
  index.resolve(built);
  if (ingested) {
    say.step(`listening on ${url}; building the scenery search index in the background (searches wait for it)`);
    void built.then((ok) => say.done(ok ? 'search index ready: the first start is complete' : 'search index failed'));
  }
  // PostgreSQL: the served release is followed once the first search index is in (the start's own reads and the
  // watcher's connection do not compete); requests take deps.release once, at their start.
  const follow = () =>
    m.followServedRelease({
      config,
      log,
      current: deps.release,
      swap: (next) => {
        deps.release = next;
        readiness.releaseLoaded(next.record.release_id);
        m.setServedRelease(next.record.release_id);
      },
    });
  const watching = built.then(() => (readiness.isDraining ? null : follow()));
  m.stopOnSignals({
    readiness,
    log,
    graceMs: config.shutdownGraceMs,
    drain: listener.drain,
    release: [
      () => Promise.allSettled([...background, deps.rateLimits.close(), watching.then((watch) => watch?.close())]),
      () => store.close(),
      async () => metricsListener?.close(),
    ],
    exit: (code) => process.exit(code),
  });
}

/**
 * Opens the store and the release to serve and assembles the app. A function of its own so that no closure of
 * main() holds the first release: after a switch, deps.release is its only holder and its memory returns.
 */
async function openAndAssemble(
  m: Modules,
  config: Config,
  log: Logger,
  handlers: { placeLookup: HandlerMap; scenerySearch: HandlerMap; service: HandlerMap; map: HandlerMap },
  options: OpenOptions & { timer: NonNullable<OpenOptions['timer']> },
) {
  const { store, release, ingested } = await m
    .openServedRelease(config, log, m.storeOptionsOf(config), options)
    .catch((error: unknown) => {
      if (error instanceof m.StartupError) {
        console.error(`machimi cannot start: ${error.message}`);
        process.exit(1);
      }
      throw m.dataDirProblemOf(error, config.dataDir) ?? error;
    });
  const { timer } = options;
  await timer.time('scene_keys', async () => m.prepareDefaultSceneKeys(release.scenes));
  release.store = m.countStoreErrors(release.store);
  // Bound, not an arrow: an arrow made here would keep this scope, and with it the first release, for good.
  const readiness = new m.Readiness({ ping: store.query.bind(store, 'SELECT 1', undefined) });
  readiness.releaseLoaded(release.record.release_id);
  m.setServedRelease(release.record.release_id);
  const { app, deps } = await timer.time('assemble_app', () =>
    m.assembleApp({ config, log, handlers, release, readiness }),
  );
  return { store, app, deps, readiness, ingested };
}

// Errors whose message says what is wrong and what to do: one line and exit 1, no stack trace.
const startupErrors = new Set(['DataDirUnusableError', 'DataDirLockedError', 'ListenError']);
try {
  await main();
} catch (error) {
  if (!(error instanceof Error && startupErrors.has(error.name))) throw error;
  console.error(`start-up failed: ${error.message}`);
  process.exit(1);
}
