import { Writable } from 'node:stream';
import { type Config, parseConfig } from '../../core/config.ts';
import { assembleApp } from '../../core/http/assemble.ts';
import type { HandlerMap } from '../../core/http/context.ts';
import { listenApp } from '../../core/http/listen.ts';
import { createLogger } from '../../core/log.ts';
import { loadHandlers } from '../../handlers/load.ts';

// Starts the real server (the same assembly as npm start) on a free loopback port and keeps its log lines.

export interface TestServer {
  url: string;
  logLines: Record<string, unknown>[];
  close: () => Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  // Replaces handlers by operationId, e.g. to make one fail on purpose.
  placeHandlers?: HandlerMap;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const env = options.env ?? {};
  const config: Config = parseConfig({ PORT: '0', LOG_LEVEL: 'info', ...env });
  const logLines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  const log = createLogger(config, sink);
  const place = { ...(await loadHandlers('place-lookup')), ...options.placeHandlers };
  const handlers = { place, explore: await loadHandlers('scenery-search') };
  const { app } = await assembleApp({ config, log, handlers });
  const { listener, url } = await listenApp(app, '127.0.0.1', 0);
  return { url, logLines, close: () => listener.close() };
}
