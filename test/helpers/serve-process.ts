// The real server (scripts/serve.ts, as npm start runs it) in a child process, for tests of what only a whole start
// shows: its log lines, its exit, its stderr. Every wait is bounded.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readStartCommand } from '../../scripts/bench/shared/processes.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
// A vitest started by an older `node` on PATH falls back to the project's own Node (it strips types).
const node = process.features.typescript ? process.execPath : join(root, 'node_modules/.bin/node');

export type LogEntry = Record<string, unknown> & { level?: string; msg?: string };

export interface ServeProcess {
  readonly child: ChildProcess;
  /** Settles with the exit code (or signal) whenever the process ends. */
  readonly ended: Promise<number | string>;
  /** JSON log lines seen so far, in order. */
  readonly logs: LogEntry[];
  readonly stderr: () => string;
  /** The first log line (past or future) that matches, or a rejection after `ms` or when the process exits. */
  waitForLog(matches: (entry: LogEntry) => boolean, ms: number): Promise<LogEntry>;
  /** The listening URL, once the server logs it. */
  listening(ms: number): Promise<string>;
  /** The exit code (or signal), or a rejection after `ms`. */
  exited(ms: number): Promise<number | string>;
  /** SIGTERM (the stop waits for background writes), SIGKILL after `ms`. */
  stop(ms?: number): Promise<void>;
}

export function startServeProcess(env: Record<string, string>): ServeProcess {
  const launch = readStartCommand(root);
  const child = spawn(node, [...launch.nodeFlags, launch.script], {
    cwd: root,
    env: { ...process.env, ...launch.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogEntry[] = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  let pending = '';
  let exit: number | string | null = null;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) logs.push(JSON.parse(line) as LogEntry);
    for (const wake of waiters) wake();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const ended = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = code ?? signal ?? 'unknown';
      for (const wake of waiters) wake();
      resolve(exit);
    }),
  );
  const bounded = <T>(work: Promise<T>, ms: number, what: string): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms; stderr: ${stderr.slice(-500)}`)), ms);
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  };
  const waitForLog = (matches: (entry: LogEntry) => boolean, ms: number) => {
    const found = new Promise<LogEntry>((resolve, reject) => {
      const check = () => {
        const entry = logs.find(matches);
        if (entry) resolve(entry);
        else if (exit !== null) reject(new Error(`the server exited (${exit}) first; stderr: ${stderr.slice(-500)}`));
        else return;
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
    return bounded(found, ms, 'log line');
  };
  return {
    child,
    ended,
    logs,
    stderr: () => stderr,
    waitForLog,
    listening: async (ms) =>
      String((await waitForLog((entry) => /^machimi .*listening on /.test(entry.msg ?? ''), ms)).url),
    exited: (ms) => bounded(ended, ms, 'exit'),
    async stop(ms = 15_000) {
      if (exit !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      await ended;
      clearTimeout(timer);
    },
  };
}
