// npm start: parse the configuration, load the handlers, check them against the specs and listen.
import { ConfigError, parseConfig } from '../core/config.ts';
import { openServedRelease } from '../core/data/bootstrap.ts';
import { startEngineBuild } from '../core/explore/engine-holder.ts';
import { assembleApp } from '../core/http/assemble.ts';
import { listenApp } from '../core/http/listen.ts';
import { createLogger } from '../core/log.ts';
import { loadHandlers } from '../handlers/load.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const log = createLogger(config);
  const handlers = { place: await loadHandlers('place-lookup'), explore: await loadHandlers('scenery-search') };
  const { store, release } = await openServedRelease(config, log);
  const { app } = await assembleApp({ config, log, handlers, release });
  const { url } = await listenApp(app, config.host, config.port);
  log.info({ url }, `machimi listening on ${url}`);
  // The scenery search index builds in the background; searches that arrive earlier wait for it.
  startEngineBuild(release, log);
  const stop = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

await main();
