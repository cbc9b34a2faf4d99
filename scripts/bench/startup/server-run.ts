// One start of the real server (scripts/serve.ts as npm start runs it) on an ingested store: until it logs that it
// listens (with the phases it went through), optionally until the scenery search index is ready, then stopped.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { findFreePort, readStartCommand } from '../shared/processes.ts';
import { onLogEntries, procMemory } from './server-output.ts';

const root = join(import.meta.dirname, '../../..');
const launch = readStartCommand(root);

export interface Target {
  name: string;
  env: Record<string, string>;
  dataDir: string;
}

export interface RunResult {
  kind: 'from store' | 'snapshot';
  listening: Record<string, unknown>;
  engine: { rssMb: number; peakMb: number; ms: number } | null;
}

function waitForLine(child: ChildProcess, matches: (entry: Record<string, unknown>) => boolean, timeoutMs: number) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no such log line after ${timeoutMs / 1000} s`)), timeoutMs);
    const onData = onLogEntries(child, (entry) => {
      if (!matches(entry)) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve(entry);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before the expected log line`));
    });
  });
}

/** Without its light snapshot the server reads the store (and writes the snapshot again after listening). */
async function removeSnapshots(dataDir: string): Promise<void> {
  const dir = join(dataDir, 'snapshots');
  if (!existsSync(dir)) return;
  for (const name of await readdir(dir)) if (name.endsWith('.light.bin')) await rm(join(dir, name));
}

export async function runOnce(target: Target, kind: RunResult['kind'], engine: boolean): Promise<RunResult> {
  if (kind === 'from store') await removeSnapshots(target.dataDir);
  const port = await findFreePort();
  const child = spawn(process.execPath, [...launch.nodeFlags, launch.script], {
    cwd: root,
    env: { ...process.env, ...launch.env, ...target.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const listening = await waitForLine(child, (entry) => typeof entry.url === 'string' && 'phases' in entry, 600_000);
    let engineMemory: RunResult['engine'] = null;
    if (engine) {
      const started = performance.now();
      await waitForLine(child, (entry) => entry.msg === 'scenery search engine ready', 1_800_000);
      engineMemory = { ...procMemory(child.pid as number), ms: Math.round(performance.now() - started) };
    }
    return { kind, listening, engine: engineMemory };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
