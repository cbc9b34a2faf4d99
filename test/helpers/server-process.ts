import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

// Runs the real server process (scripts/serve.ts, as npm start does) on a free loopback port and a fresh data folder
// holding the integration run's demo release, for what only a process shows: signals, exit codes, the metrics
// listener. On PGlite the folder is a copy of the one the global setup ingested (the server then only indexes it); on
// PostgreSQL runs the server generates a small demo city of its own there (slower).

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const node24 = join(projectRoot, 'node_modules/.bin/node');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** Every stdout line so far, parsed (the server logs JSON lines). */
  logLines: Record<string, unknown>[];
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

export interface ServerProcessOptions {
  env?: Record<string, string>;
  /** Reuse a data folder (kept afterwards); by default a new one, removed at stop. */
  dataDir?: string;
  command?: string[];
  listenTimeoutMs?: number;
}

export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'machimi-proc-')));
  const ingested = inject('testStore').dataDir;
  if (!options.dataDir && ingested) await cp(ingested, dataDir, { recursive: true });
  const [command, ...args] = options.command ?? [node24, 'scripts/serve.ts'];
  const child = spawn(command as string, args, {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      // The integration release's size and seed: where no PGlite folder can be copied (the PostgreSQL stage), the
      // process makes the same city, so fixed points and searches find the same scenes.
      DEMO_SCENES: '2000',
      DEMO_SEED: '1',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logLines: Record<string, unknown>[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as Record<string, unknown>;
        logLines.push(entry);
        if (typeof entry.url === 'string' && /^machimi .*listening on/.test(String(entry.msg))) resolve(entry.url);
      }
    });
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening: ${stderr}`)));
    setTimeout(() => reject(new Error('server did not listen in time')), options.listenTimeoutMs ?? 120_000).unref();
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  return { url, child, dataDir, logLines, exited, stop };
}
