// Start-up benchmark: starts the real server (scripts/serve.ts) on an already ingested store and reports how long it
// takes to listen, where the time goes (the phases it logs) and its resident memory, once without the light snapshot
// (read from the store; the start writes the snapshot again) and then with it.
//
// Usage: node scripts/bench-startup.ts [--pglite DATA_DIR] [--postgres URL] [--postgres-data-dir DIR] [--runs 2]
//   [--engine]. Defaults come from BENCH_STARTUP_PGLITE, BENCH_STARTUP_POSTGRES, BENCH_STARTUP_POSTGRES_DATA_DIR.
//   --engine also waits for the scenery search index after listening and reports the memory then.
// A store that is not given (or not there) is skipped with a message; ingest one with `npm run ingest` first.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findFreePort, readStartCommand } from './bench/processes.ts';

const root = join(import.meta.dirname, '..');
const launch = readStartCommand(root);

interface Target {
  name: string;
  env: Record<string, string>;
  dataDir: string;
}

interface RunResult {
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

async function removeSnapshots(dataDir: string): Promise<void> {
  const dir = join(dataDir, 'snapshots');
  if (!existsSync(dir)) return;
  for (const name of await readdir(dir)) if (name.endsWith('.light.bin')) await rm(join(dir, name));
}

async function runOnce(target: Target, kind: RunResult['kind'], engine: boolean): Promise<RunResult> {
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

function describeRun(target: Target, run: RunResult): string {
  const l = run.listening;
  const seconds = (ms: unknown) => (Number(ms) / 1000).toFixed(1);
  const phases = Object.entries(l.phases as Record<string, number>)
    .filter(([, ms]) => ms >= 100)
    .map(([phase, ms]) => `${phase} ${seconds(ms)}`)
    .join(', ');
  const engine = run.engine
    ? ` | search index +${seconds(run.engine.ms)} s, RSS ${run.engine.rssMb} MB (peak ${run.engine.peakMb})`
    : '';
  return (
    `${target.name.padEnd(10)} ${Number(l.scenes).toLocaleString('en-US')} scenes, ${run.kind.padEnd(10)} listen ${seconds(l.total_ms).padStart(5)} s ` +
    `(cpu ${seconds(l.cpu_ms)} s), RSS ${l.rss_mb} MB, peak ${l.peak_rss_mb} MB${engine}\n` +
    `${''.padEnd(22)}${phases}`
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pglite: { type: 'string', default: process.env.BENCH_STARTUP_PGLITE },
      postgres: { type: 'string', default: process.env.BENCH_STARTUP_POSTGRES },
      'postgres-data-dir': { type: 'string', default: process.env.BENCH_STARTUP_POSTGRES_DATA_DIR },
      runs: { type: 'string', default: '2' },
      engine: { type: 'boolean', default: false },
    },
  });
  const targets: Target[] = [];
  let temporary: string | null = null;
  if (values.pglite && existsSync(join(values.pglite, 'pglite'))) {
    targets.push({ name: 'PGlite', env: { DATA_DIR: values.pglite, DATABASE_URL: '' }, dataDir: values.pglite });
  } else {
    console.log(
      `start-up on PGlite: skipped, ${values.pglite ? `no PGlite store in ${values.pglite}` : 'no --pglite DATA_DIR given'} ` +
        '(ingest a release first: DATA_DIR=… npm run ingest -- <release folder>)',
    );
  }
  if (values.postgres) {
    temporary = values['postgres-data-dir'] ? null : await mkdtemp(join(tmpdir(), 'machimi-bench-startup-'));
    const dataDir = values['postgres-data-dir'] ?? (temporary as string);
    targets.push({ name: 'PostgreSQL', env: { DATABASE_URL: values.postgres, DATA_DIR: dataDir }, dataDir });
  } else {
    console.log('start-up on PostgreSQL: skipped, no --postgres URL given (BENCH_STARTUP_POSTGRES)');
  }
  try {
    for (const target of targets) {
      console.log(
        `\nstart-up on ${target.name} (load average ${loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')})`,
      );
      const cold = await runOnce(target, 'from store', false);
      console.log(describeRun(target, cold));
      for (let run = 0; run < Number(values.runs); run++) {
        const warm = await runOnce(target, 'snapshot', values.engine && run === 0);
        console.log(describeRun(target, warm));
      }
    }
  } finally {
    if (temporary) await rm(temporary, { recursive: true, force: true });
  }
}

await main();
