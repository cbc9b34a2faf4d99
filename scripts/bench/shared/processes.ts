// Server processes for the HTTP benchmark: each target runs in a child process of its own (the load generator stays in
// the bench's process), is ready when a path answers, and is stopped by its pid.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * How `npm start` launches the server: the environment and Node flags in front of scripts/serve.ts in package.json's
 * "start", so benches measure the server as it runs (and a --compare-checkout baseline as *its* npm start ran it).
 * - `--max-semi-space-size=64`, a 64 MB young generation. Measured at 1 M scenes, nearby side by side (load 3-5):
 *   1 434 → 1 742 requests/s on 50 hot points, 608 → 864 on 5 000 spread ones, p99 615 → 290 ms: fewer scavenges,
 *   less promoted to the old generation, fewer full marks of a ~350 MB heap.
 * - `GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072`: by default glibc raises that threshold to the size of each
 *   large block freed (up to 32 MB), so once a start's big COPY outputs are freed, later multi-MB buffers come from
 *   the heap arenas and stay there, fragmented: a 1 M start from the store holds 1.53 GB at rest, 1.38 GB with it.
 * - `glibc.malloc.hugetlb=1`: glibc asks for transparent huge pages (madvise) on the blocks it maps, i.e. every
 *   typed array of the indexes and card records, where the kernel's THP mode is `madvise` (Debian's default): random
 *   reads over hundreds of MB then miss the TLB far less (see docs/PERFORMANCE.md).
 * Other C libraries ignore the variable.
 */
export interface ServerLaunchCommand {
  env: Record<string, string>;
  nodeFlags: string[];
  script: string;
}

export function readStartCommand(checkout: string): ServerLaunchCommand {
  const packageJson = JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  const start = packageJson.scripts?.start ?? '';
  const words = start.split(/\s+/).filter(Boolean);
  const env: Record<string, string> = {};
  let at = 0;
  for (; at < words.length && /^[A-Z_][A-Z0-9_]*=/.test(words[at] as string); at++) {
    const word = words[at] as string;
    const eq = word.indexOf('=');
    env[word.slice(0, eq)] = word.slice(eq + 1);
  }
  const nodeFlags: string[] = [];
  // `exec` hands npm's signals to node itself (graceful stop); the launch is the same.
  if (words[at] === 'exec') at++;
  const launcher = words[at++];
  while (words[at]?.startsWith('--')) nodeFlags.push(words[at++] as string);
  const script = words[at];
  if (launcher !== 'node' || !script || at !== words.length - 1) {
    throw new Error(
      `${join(checkout, 'package.json')} "start" is "${start}": the benches read it as [NAME=value …] [exec] node [--flag …] <script>`,
    );
  }
  return { env, nodeFlags, script };
}

export interface RunningServer {
  name: string;
  baseUrl: string;
  pid: number;
  /** Resident memory of the process now (Linux /proc), or null when unknown. */
  rssMb(): number | null;
  stop(): Promise<void>;
}

export interface ServerLaunch {
  name: string;
  /** Arguments to `node` (the bench's own Node binary). */
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
  /** A path answered with a status below 500 once the server is ready. */
  readyPath: string;
  /** How long start-up may take (a first start at 1 M scenes generates and ingests the release: tens of minutes). */
  readyTimeoutMs: number;
  /** Where the child's output goes, line by line; default: stderr with the server's name in front. */
  onOutput?: (line: string) => void;
}

/** A port the kernel had free a moment ago; the caller retries when the server then fails to bind it. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(launch: ServerLaunch): Promise<RunningServer> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await findFreePort();
    try {
      return await startOnPort(launch, port);
    } catch (error) {
      lastError = error;
      if (!(error instanceof ExitedEarly)) throw error;
    }
  }
  throw lastError;
}

class ExitedEarly extends Error {}

async function startOnPort(launch: ServerLaunch, port: number): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, launch.args, {
    cwd: launch.cwd,
    env: { ...process.env, ...launch.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const show = launch.onOutput ?? ((line: string) => process.stderr.write(`[${launch.name}] ${line}\n`));
  forwardLines(child, show);
  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited with ${signal ?? code}`;
  });
  const deadline = Date.now() + launch.readyTimeoutMs;
  while (true) {
    if (exited !== null) throw new ExitedEarly(`${launch.name} ${exited} before it was ready`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${launch.name} not ready after ${launch.readyTimeoutMs / 1000} s`);
    }
    try {
      const response = await fetch(`${baseUrl}${launch.readyPath}`);
      await response.arrayBuffer();
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const pid = child.pid as number;
  return {
    name: launch.name,
    baseUrl,
    pid,
    rssMb: () => residentMb(pid),
    stop: () => stopChild(child),
  };
}

function forwardLines(child: ChildProcess, show: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split(/\r?\n|\r/);
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) show(line);
    });
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function residentMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}
