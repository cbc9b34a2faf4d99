// Ingest under load: a server keeps answering nearby while `npm run ingest` brings another release into the same
// PostgreSQL database, as an operator does before `npm run release -- publish`. In a fresh schema of --database-url:
// two demo releases are generated (seeds 1 and 2), the first ingested and served by `npm start` in a child process,
// which then takes a steady nearby load (autocannon at a fixed rate) for a baseline window; the second release is
// ingested by scripts/ingest.ts in a child process of its own (with its own DATA_DIR, as on an ingest machine) while
// the load goes on. The second release is ingested as staged, so the server keeps serving the first one throughout:
// what is measured is the ingest's cost to the answers, not a switch (the `switch` part measures that).
//
// Usage: npm run bench -- ingest-load --database-url URL [--scenes 100000] [--rate 200] [--connections 8]
//   [--baseline 30] [--work DIR]
// Prints one table: nearby p50/p99/errors before vs during the ingest, the ingest's wall time and peak RSS (VmHWM),
// the server's RSS before and during. The schema is dropped at the end, the work folder removed.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { generateDemoRelease } from '../../core/demo/generate.ts';
import { makeQueryPoints, readScenePositions } from './http/release-points.ts';
import { readStartCommand, startServer } from './shared/processes.ts';
import { printTable } from './shared/table.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    scenes: { type: 'string', default: '100000' },
    rate: { type: 'string', default: '200' },
    connections: { type: 'string', default: '8' },
    baseline: { type: 'string', default: '30' },
    work: { type: 'string' },
  },
});
if (!values['database-url']) {
  // Skipped, not failed, so `npm run bench` with no part runs the others.
  console.log(
    'ingest-load: skipped; it needs PostgreSQL: npm run bench -- ingest-load --database-url URL [--scenes N]',
  );
  process.exit(0);
}
const scenes = Number(values.scenes);
const rate = Number(values.rate);
const connections = Number(values.connections);
const baselineS = Number(values.baseline);
const checkout = resolve(import.meta.dirname, '../..');
const schema = `bench_ingest_${process.pid}_${Date.now()}`;
const database = new URL(values['database-url']);
database.searchParams.set('options', `-c search_path=${schema}`);
const work = values.work ? resolve(values.work) : await mkdtemp(join(tmpdir(), 'machimi-ingest-load-'));
const say = (text: string) =>
  process.stderr.write(
    `ingest-load: ${text} (load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})\n`,
  );
const mb = (kb: number | null) => (kb === null ? 'n/a' : `${Math.round(kb / 1024)} MB`);

/** A field of /proc/PID/status in kB (VmRSS, VmHWM), or null once the process is gone. */
function statusKb(pid: number, field: string): number | null {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** scripts/ingest.ts as `npm run ingest` runs it; settles with its wall time and the peak of its resident memory. */
function ingest(releaseDir: string, dataDir: string): Promise<{ ms: number; peakKb: number }> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [join(checkout, 'scripts/ingest.ts'), releaseDir], {
    cwd: checkout,
    env: { ...process.env, DATABASE_URL: database.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const pid = child.pid as number;
  let peakKb = 0;
  // VmHWM is the kernel's own peak; polling VmRSS as well covers a kernel that does not report it.
  const sample = () => {
    peakKb = Math.max(peakKb, statusKb(pid, 'VmHWM') ?? 0, statusKb(pid, 'VmRSS') ?? 0);
  };
  const sampler = setInterval(sample, 100);
  let lastLine = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split(/\r?\n|\r/)) {
      if (!line.trim()) continue;
      lastLine = line.trim();
      // Progress bars redraw in place: show the lines that say what was done.
      if (/^(ingest|start-up|search index|building|the )/.test(lastLine)) say(`[ingest] ${lastLine}`);
    }
  });
  return new Promise((done, fail) => {
    child.once('exit', (code) => {
      clearInterval(sampler);
      if (code === 0) done({ ms: performance.now() - started, peakKb });
      else fail(new Error(`ingest of ${releaseDir} exited with ${code}: ${lastLine}`));
    });
  });
}

async function generate(seed: number, status: 'published' | 'staged'): Promise<string> {
  const made = await generateDemoRelease({ scenes, seed, out: join(work, `release-${seed}`), force: true });
  const path = join(made.dir, 'manifest.json');
  await writeFile(path, JSON.stringify({ ...JSON.parse(await readFile(path, 'utf8')), status }));
  return made.dir;
}

/** One statement on the database itself (outside the schema): creating and dropping the schema. */
async function onDatabase(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: values['database-url'] });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  await onDatabase(`CREATE SCHEMA ${schema}`);
  say(`generating two releases of ${scenes} scenes in ${work}`);
  const first = await generate(1, 'published');
  const second = await generate(2, 'staged');
  say(`schema ${schema}: ingesting the first release`);
  const firstIngest = await ingest(first, join(work, 'ingest-data'));
  say(`first ingest ${(firstIngest.ms / 1000).toFixed(1)} s, peak ${mb(firstIngest.peakKb)}; starting the server`);
  // The ingest machine's cache files seed the replica's folder (docs/DEPLOY.md), so it starts from the snapshots.
  await cp(join(work, 'ingest-data'), join(work, 'server-data'), { recursive: true });
  const launch = readStartCommand(checkout);
  server = await startServer({
    name: 'machimi',
    args: [...launch.nodeFlags, join(checkout, launch.script)],
    cwd: checkout,
    env: {
      ...launch.env,
      DATABASE_URL: database.toString(),
      DATA_DIR: join(work, 'server-data'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '1000000',
    },
    readyPath: '/readyz',
    readyTimeoutMs: 600_000,
  });
  const running = server;
  const points = makeQueryPoints(await readScenePositions(first), 2000, 1);
  let next = 0;
  const loadOptions = (duration: number) => ({
    url: running.baseUrl,
    connections,
    overallRate: rate,
    timeout: 30,
    duration,
    requests: [
      {
        setupRequest: (request: { path?: string }) => {
          const [lat, lon] = points[next++ % points.length] as [number, number];
          return {
            ...request,
            path: `/v1/scenes/nearby?lat=${lat.toFixed(6)}&lon=${lon.toFixed(6)}&radius_m=500&limit=20`,
          };
        },
      },
    ],
  });
  const load = (duration: number) => autocannon(loadOptions(duration));
  // Server RSS: sampled through both windows, its mean before and its peak during.
  const rssBefore: number[] = [];
  let rssDuringPeak = 0;
  let phase: 'warm' | 'before' | 'during' = 'warm';
  const rssSampler = setInterval(() => {
    const kb = statusKb(running.pid, 'VmRSS');
    if (kb === null) return;
    if (phase === 'before') rssBefore.push(kb);
    if (phase === 'during') rssDuringPeak = Math.max(rssDuringPeak, kb);
  }, 250);
  say('warming up (5 s)');
  await load(5);
  phase = 'before';
  say(`baseline: ${rate} nearby/s on ${connections} connections for ${baselineS} s`);
  const before = await load(baselineS);
  phase = 'during';
  say('ingesting the second release under the same load');
  let instance: { stop(): void } | undefined;
  const during = new Promise<Result>((done, fail) => {
    instance = autocannon(loadOptions(24 * 3600), (error, result) => (error ? fail(error) : done(result)));
  });
  const secondIngest = await ingest(second, join(work, 'ingest-data'));
  instance?.stop();
  const duringResult = await during;
  clearInterval(rssSampler);
  const failed = (result: Result) => result.non2xx + result.errors + result.timeouts;
  const rssMean = rssBefore.length ? rssBefore.reduce((a, b) => a + b, 0) / rssBefore.length : null;
  console.log(
    `${scenes} scenes a release; nearby r=500 limit 20 at ${rate} requests/s on ${connections} connections; ` +
      `PostgreSQL schema dropped after`,
  );
  printTable(
    ['window', 'seconds', 'nearby answered', 'p50', 'p99', 'max', 'failed', 'server RSS'],
    [
      [
        'before the ingest',
        String(before.duration),
        String(before['2xx']),
        `${before.latency.p50} ms`,
        `${before.latency.p99} ms`,
        `${before.latency.max} ms`,
        String(failed(before)),
        `${mb(rssMean)} (mean)`,
      ],
      [
        'during the ingest',
        String(duringResult.duration),
        String(duringResult['2xx']),
        `${duringResult.latency.p50} ms`,
        `${duringResult.latency.p99} ms`,
        `${duringResult.latency.max} ms`,
        String(failed(duringResult)),
        `${mb(rssDuringPeak)} (peak)`,
      ],
    ],
  );
  console.log(
    `ingest of the second release: ${(secondIngest.ms / 1000).toFixed(1)} s wall, peak RSS ${mb(secondIngest.peakKb)} ` +
      `(the first, unloaded: ${(firstIngest.ms / 1000).toFixed(1)} s, peak ${mb(firstIngest.peakKb)})`,
  );
} finally {
  await server?.stop();
  await onDatabase(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  if (!values.work) await rm(work, { recursive: true, force: true });
  say(`schema ${schema} dropped`);
}
