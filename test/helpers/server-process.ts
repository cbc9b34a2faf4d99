import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type ServeProcess, startServeProcess } from './serve-process.ts';

// The real server process (serve-process.ts) on a free loopback port and a fresh data folder holding the integration
// run's demo release, for what only a process shows: signals, exit codes, the metrics listener. On PGlite the folder
// is a copy of the one the global setup ingested (the server then only indexes it); on PostgreSQL runs the server
// makes the same city there itself (slower).

export interface ServerProcess extends ServeProcess {
  url: string;
  dataDir: string;
}

export interface ServerProcessOptions {
  env?: Record<string, string>;
  /** Reuse a data folder (kept afterwards); by default a new one, removed at stop. */
  dataDir?: string;
  listenTimeoutMs?: number;
}

export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'machimi-proc-')));
  const ingested = inject('testStore').dataDir;
  if (!options.dataDir && ingested) await cp(ingested, dataDir, { recursive: true });
  const server = startServeProcess({
    DATA_DIR: dataDir,
    // The integration release's size and seed: where no PGlite folder can be copied (the PostgreSQL stage), the
    // process makes the same city, so fixed points and searches find the same scenes.
    DEMO_SCENES: '2000',
    DEMO_SEED: '1',
    DATABASE_URL: '',
    ...options.env,
  });
  const url = await server.listening(options.listenTimeoutMs ?? 120_000);
  return {
    ...server,
    url,
    dataDir,
    async stop(ms = 1000) {
      await server.stop(ms);
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
