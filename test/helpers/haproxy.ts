import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// haproxy on loopback in front of test replicas, configured by docs/haproxy.cfg.example (the file DEPLOY.md tells
// operators to use) with only its bind address, server lines and stats socket replaced, and on request its balance
// algorithm (a check that needs one client's requests spread over the replicas). Nothing is installed here:
// scripts/ci/install-debian.sh does that in CI. Every wait is bounded.

const example = fileURLToPath(new URL('../../docs/haproxy.cfg.example', import.meta.url));

/** The haproxy binary, or null (with a warning) when absent; under CI=true its absence fails the caller at once. */
export function findHaproxy(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    const path = join(dir, 'haproxy');
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {}
  }
  const advice = 'haproxy is not installed (run scripts/ci/install-debian.sh)';
  if (process.env.CI === 'true') throw new Error(`the fleet tests need haproxy under CI=true: ${advice}`);
  console.warn(`fleet tests skipped: ${advice}`);
  return null;
}

export interface Backend {
  name: string;
  port: number;
}

export interface ServerStat {
  /** haproxy's check status: UP, DOWN, `UP 1/2` while rising, `DOWN 1/2` while falling… */
  status: string;
  /** Requests (sessions) it has sent to the server so far. */
  total: number;
}

export interface Haproxy {
  url: string;
  child: ChildProcess;
  stats(): Promise<Map<string, ServerStat>>;
  /** Resolves once `name` reports exactly `status` (UP or DOWN); rejects after `ms`. */
  waitFor(name: string, status: 'UP' | 'DOWN', ms: number): Promise<void>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The example's `balance source` (a client stays on one replica) or round robin (its requests alternate). */
export type Balance = 'source' | 'roundrobin';

export function configFor(
  template: string,
  port: number,
  socket: string,
  backends: Backend[],
  balance: Balance = 'source',
): string {
  const servers = backends.map(({ name, port: at }) => `    server ${name} 127.0.0.1:${at}`).join('\n');
  return `${template
    .replace(/^(\s*balance\s+)\S+/m, `$1${balance}`)
    .replace(/^(\s*bind\s+)\S+/m, `$1127.0.0.1:${port}`)
    .replace(/^(\s*stats socket\s+)\S+/m, `$1${socket}`)
    .replace(/^\s*server\s.*\n?/gm, '')
    .trimEnd()}\n${servers}\n`;
}

/** `show stat` on the admin socket: one CSV row per proxy and server. */
function showStat(socket: string, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const conn = connect(socket, () => conn.end('show stat\n'));
    conn.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
    });
    conn.setTimeout(ms, () => conn.destroy(new Error(`haproxy stats: no answer within ${ms} ms`)));
    conn.once('error', reject);
    conn.once('close', () => resolve(text));
  });
}

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startHaproxy(binary: string, backends: Backend[], balance: Balance = 'source'): Promise<Haproxy> {
  const dir = await mkdtemp(join(tmpdir(), 'machimi-haproxy-'));
  const socket = join(dir, 'admin.sock');
  const port = await freePort();
  const config = join(dir, 'haproxy.cfg');
  await writeFile(config, configFor(await readFile(example, 'utf8'), port, socket, backends, balance));
  // -db: stay in the foreground, so the test owns the process and sees its exit.
  const child = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stats = async () => {
    const [header, ...rows] = (await showStat(socket, 2000)).trim().split('\n');
    const names = (header ?? '').replace(/^# /, '').split(',');
    const column = (name: string) => names.indexOf(name);
    const result = new Map<string, ServerStat>();
    for (const row of rows.map((line) => line.split(','))) {
      if (row[column('pxname')] !== 'replicas' || row[column('svname')] === 'BACKEND') continue;
      result.set(row[column('svname')] as string, {
        status: row[column('status')] as string,
        total: Number(row[column('stot')]),
      });
    }
    return result;
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await ended;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await until(async () => (await stats()).size === backends.length, 5000, `haproxy start (${stderr.trim()})`);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stats,
    waitFor: (name, status, ms) =>
      until(async () => (await stats()).get(name)?.status === status, ms, `haproxy: ${name} ${status}`),
    stop,
  };
}
