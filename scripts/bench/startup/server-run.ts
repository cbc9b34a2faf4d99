// One start of the real server (scripts/serve.ts as npm start runs it) on an ingested store: until it logs that it
// listens (with the phases it went through), optionally until the scenery search index is ready, then stopped.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { findFreePort, readStartCommand } from '../shared/processes.ts';

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

function procMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

function waitForLine(child: ChildProcess, matches: (entry: Record<string, unknown>) => boolean, timeoutMs: number) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`no such log line after ${timeoutMs / 1000} s`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let newline = buffered.indexOf('\n');
      while (newline !== -1) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        newline = buffered.indexOf('\n');
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (entry.level === 'error' || entry.level === 'fatal') process.stderr.write(`${line}\n`);
        if (matches(entry)) {
          clearTimeout(timer);
          child.stdout?.off('data', onData);
          resolve(entry);
          return;
        }
      }
    };
    child.stdout?.on('data', onData);
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
