// The HTTP benchmark (docs/PERFORMANCE.md), as functions: our server's three endpoints, (a) bare node:http with a fixed
// body of the same size, (a') the same re-serialising it per request, (b) node:http + pg + PostGIS answering the same
// nearby query; each on loopback in a process of its own, all up at once and loaded in interleaved rounds
// (http-rounds.ts), then one table. A baseline checkout runs in a second phase, interleaved with (a) again.
// scripts/bench-http.ts is the command line.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join, resolve } from 'node:path';
import type { HttpRow, HttpTarget } from './http-load.ts';
import { printHttpTables, type Ratio } from './http-report.ts';
import { measureRounds, type RoundsOptions } from './http-rounds.ts';
import { connectPostgis } from './postgis.ts';
import { preparePostgisNearby } from './postgis-http.ts';
import { type RunningServer, readStartCommand, startServer } from './processes.ts';
import { makeQueryPoints, readScenePositions } from './release-points.ts';

export interface HttpBenchOptions extends RoundsOptions {
  /** Repository root whose scripts/serve.ts is measured (default: this checkout). */
  checkout: string;
  /** Another checkout measured the same way right after, e.g. the last commit unpacked by `git archive`. */
  compareCheckout?: string;
  dataDir: string;
  /**
   * The compared checkout's DATA_DIR (default dataDir). Give it one of its own when its snapshot files differ in format:
   * a server rewrites stale snapshots after listening, and until its card records are in, nearby reads the store.
   */
  baselineDataDir?: string;
  databaseUrl?: string;
  scenes: number;
  seed: number;
  /** The served release's folder (query points and PostGIS data); default DATA_DIR/releases/demo-s{seed}-n{scenes}. */
  release?: string;
  postgisUrl: string;
  /** Which groups to run: machimi, bare, postgis. */
  only: Set<string>;
  points: number;
  logLevel: string;
}

const progress = (message: string) => process.stderr.write(`[bench-http] ${message}\n`);
const format6 = (value: number) => value.toFixed(6);

export const ENDPOINTS = {
  nearby: (lat: number, lon: number) =>
    `/v1/scenes/nearby?lat=${format6(lat)}&lon=${format6(lon)}&radius_m=500&limit=50`,
  coverage: (lat: number, lon: number) => `/v1/coverage?lat=${format6(lat)}&lon=${format6(lon)}&radius_m=500`,
  amenities: (lat: number, lon: number) =>
    `/v1/amenities/nearby?lat=${format6(lat)}&lon=${format6(lon)}&radius_m=1000&limit=10`,
};
export const ROW = {
  nearby: 'machimi /v1/scenes/nearby r=500 top-50',
  coverage: 'machimi /v1/coverage r=500',
  amenities: 'machimi /v1/amenities/nearby r=1000 top-10',
  bare: '(a) bare node:http, fixed body',
  bareStringify: "(a') bare node:http, JSON.stringify per request",
  postgis: '(b) node:http + pg + PostGIS, nearby',
};

/** Starts scripts/serve.ts of `checkout` with the bench's settings; a first start generates and ingests the city. */
export function startMachimi(
  options: HttpBenchOptions,
  checkout: string,
  name: string,
  dataDir = options.dataDir,
): Promise<RunningServer> {
  const launch = readStartCommand(checkout);
  const env: Record<string, string> = {
    ...launch.env,
    DATA_DIR: resolve(dataDir),
    DEMO_SCENES: String(options.scenes),
    DEMO_SEED: String(options.seed),
    // The per-IP limits (300 requests a minute) would answer 429 within a second of load; the documented knob.
    RATE_LIMIT_FACTOR: '1000000',
    // Request logs at `info` are one JSON line per request; the bench measures the server's work, not its logging.
    LOG_LEVEL: options.logLevel,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  return startServer({
    name,
    args: [...launch.nodeFlags, join(checkout, launch.script)],
    cwd: checkout,
    env,
    readyPath: '/v1/meta',
    readyTimeoutMs: 3 * 3600_000,
  });
}

/**
 * The scenery search index builds in the background after start-up (when DATA_DIR holds no index file); one search
 * waits for it, so no build competes with the measured requests.
 */
export async function waitForBackgroundWork(server: RunningServer): Promise<void> {
  const started = Date.now();
  const response = await fetch(`${server.baseUrl}/explore/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '坂道', limit: 1 }),
    signal: AbortSignal.timeout(3600_000),
  });
  await response.arrayBuffer();
  const seconds = (Date.now() - started) / 1000;
  if (seconds > 1) progress(`${server.name}: waited ${seconds.toFixed(0)} s for the scenery search index`);
}

async function servedSnapshot(server: RunningServer): Promise<string> {
  const meta = (await (await fetch(`${server.baseUrl}/v1/meta`)).json()) as { snapshot: string };
  return meta.snapshot;
}

/** The median-sized nearby body at these points: the fixed body of (a), the envelope of (b). */
async function sampleNearbyBody(server: RunningServer, points: readonly [number, number][]): Promise<string> {
  const bodies: string[] = [];
  for (const [lat, lon] of points) {
    bodies.push(await (await fetch(`${server.baseUrl}${ENDPOINTS.nearby(lat, lon)}`)).text());
  }
  bodies.sort((a, b) => Buffer.byteLength(a) - Buffer.byteLength(b));
  return bodies[Math.floor(bodies.length / 2)] as string;
}

export async function runHttpBench(options: HttpBenchOptions): Promise<void> {
  const loadBefore = os.loadavg()[0] ?? 0;
  const results = new Map<string, HttpRow[]>();
  const notes: string[] = [];
  const servers: RunningServer[] = [];
  const work = await mkdtemp(join(os.tmpdir(), 'machimi-bench-http-'));
  try {
    const startedAt = Date.now();
    const ours = await startMachimi(options, options.checkout, 'machimi');
    servers.push(ours);
    notes.push(`machimi ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (pid ${ours.pid})`);
    await waitForBackgroundWork(ours);
    const snapshot = await servedSnapshot(ours);
    const releaseDir = options.release ?? join(options.dataDir, 'releases', `demo-s${options.seed}-n${options.scenes}`);
    progress(`reading query points from ${releaseDir}`);
    const positions = await readScenePositions(releaseDir);
    const points = makeQueryPoints(positions, options.points, options.seed);
    // Other points than the measured ones, so fetching the sample does not warm the card cache for the measurement.
    const samplePoints = makeQueryPoints(positions, 200, options.seed + 1);
    const sample = await sampleNearbyBody(ours, samplePoints);
    const bodyFile = join(work, 'nearby-body.json');
    await writeFile(bodyFile, sample);
    notes.push(
      `served release ${snapshot}; ${positions.lats.length} scenes outside quarantine; ${points.length} query points`,
    );
    // Every server of the phase is up before the first round, so the rounds interleave them.
    const bare = options.only.has('bare') ? await startBare(bodyFile, servers) : [];
    const postgis = options.only.has('postgis')
      ? await startPostgis(options, releaseDir, snapshot, sample, work, points, servers)
      : null;
    if (typeof postgis === 'string') notes.push(postgis);
    const ourTargets = options.only.has('machimi') ? machimiTargets(ours, points) : [];
    // nearby between (a) and (b), the two HTTP targets, so both its ratios are of back-to-back loads.
    const [nearby, ...otherRoutes] = ourTargets;
    const [bareFixed, ...otherBare] = bare;
    const phase = [
      ...(bareFixed ? [bareFixed] : []),
      ...(nearby ? [nearby] : []),
      ...(postgis && typeof postgis !== 'string' ? [postgis] : []),
      ...otherRoutes,
      ...otherBare,
    ];
    for (const [name, rows] of await measureRounds(phase, options, progress)) results.set(name, rows);
    if (ourTargets.length > 0)
      notes.push(`machimi resident memory after its runs: ${ours.rssMb()?.toFixed(0) ?? '?'} MB`);
    await stopServer(ours, servers);
    if (options.compareCheckout) {
      const baselineDir = options.baselineDataDir ?? options.dataDir;
      const baseline = await startMachimi(options, resolve(options.compareCheckout), 'baseline', baselineDir);
      servers.push(baseline);
      await waitForBackgroundWork(baseline);
      await sampleNearbyBody(baseline, samplePoints); // the same history as ours before measuring
      // The baseline's rounds interleave with the bare server again, so the two checkouts compare through it.
      const second = [...bare.slice(0, 1).map(inBaselinePhase), ...machimiTargets(baseline, points, 'baseline ')];
      for (const [name, rows] of await measureRounds(second, options, progress)) results.set(name, rows);
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await rm(work, { recursive: true, force: true });
  }
  printReport(options, results, notes, loadBefore);
}

const BASELINE_PHASE = ' (baseline phase)';
const inBaselinePhase = (target: HttpTarget): HttpTarget => ({ ...target, name: `${target.name}${BASELINE_PHASE}` });

function machimiTargets(server: RunningServer, points: readonly [number, number][], prefix = ''): HttpTarget[] {
  return (['nearby', 'coverage', 'amenities'] as const).map((key) => ({
    name: `${prefix}${ROW[key]}`,
    baseUrl: server.baseUrl,
    pid: server.pid,
    paths: points.map(([lat, lon]) => ENDPOINTS[key](lat, lon)),
  }));
}

async function stopServer(server: RunningServer, servers: RunningServer[]): Promise<void> {
  servers.splice(servers.indexOf(server), 1);
  await server.stop();
}

/** (a) and (a'): bare node:http servers answering the sampled nearby body. */
async function startBare(bodyFile: string, servers: RunningServer[]): Promise<HttpTarget[]> {
  const targets: HttpTarget[] = [];
  for (const [name, extra] of [
    [ROW.bare, []],
    [ROW.bareStringify, ['--stringify']],
  ] as const) {
    const server = await startServer({
      name: 'bare',
      args: [join(import.meta.dirname, 'bare-server.ts'), '--body', bodyFile, ...extra],
      readyPath: '/',
      readyTimeoutMs: 30_000,
    });
    servers.push(server);
    targets.push({ name, baseUrl: server.baseUrl, pid: server.pid, paths: ['/v1/scenes/nearby'] });
  }
  return targets;
}

/** Target (b), its server started, or a "skipped: …" line when PostGIS is not there. */
async function startPostgis(
  options: HttpBenchOptions,
  releaseDir: string,
  snapshot: string,
  sample: string,
  work: string,
  points: readonly [number, number][],
  servers: RunningServer[],
): Promise<HttpTarget | string> {
  const connection = await connectPostgis(options.postgisUrl);
  if ('skipped' in connection) return `skipped: ${connection.skipped}`;
  try {
    const loaded = await preparePostgisNearby(connection.client, releaseDir, progress);
    if (loaded !== snapshot) return `skipped: PostGIS holds ${loaded} but the server serves ${snapshot}`;
  } finally {
    await connection.client.end();
  }
  const envelope = JSON.parse(sample) as Record<string, unknown>;
  const template = (envelope.results as { id: string; image_page: string }[] | undefined)?.[0];
  for (const key of ['query', 'count', 'results', 'candidate_truncated']) delete envelope[key];
  const imagePageTemplate = template ? template.image_page.replace(encodeURIComponent(template.id), '{id}') : '{id}';
  const envelopeFile = join(work, 'envelope.json');
  await writeFile(envelopeFile, JSON.stringify({ envelope, imagePageTemplate }));
  const server = await startServer({
    name: 'postgis',
    args: [join(import.meta.dirname, 'postgis-server.ts'), '--url', options.postgisUrl, '--envelope', envelopeFile],
    readyPath: '/ready',
    readyTimeoutMs: 30_000,
  });
  servers.push(server);
  return {
    name: ROW.postgis,
    baseUrl: server.baseUrl,
    pid: server.pid,
    paths: points.map(([lat, lon]) => ENDPOINTS.nearby(lat, lon)),
  };
}

function printReport(
  options: HttpBenchOptions,
  results: ReadonlyMap<string, readonly HttpRow[]>,
  notes: string[],
  loadBefore: number,
): void {
  const cpus = os.cpus();
  console.log(`\n# HTTP benchmark: loopback, one server process each, autocannon in the bench process`);
  console.log(
    `# Node ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? '?'}; load average ${loadBefore.toFixed(1)} before, ` +
      `${(os.loadavg()[0] ?? 0).toFixed(1)} after`,
  );
  console.log(
    `# ${options.rounds} interleaved rounds of ${options.durationS} s per target (${options.warmupS} s warm-up before ` +
      `the first), ${options.connections} connections; store ` +
      `${options.databaseUrl ? 'PostgreSQL' : `PGlite in ${options.dataDir}`}; LOG_LEVEL=${options.logLevel}`,
  );
  for (const note of notes) console.log(`# ${note}`);
  console.log('');
  const ratios: Ratio[] = [
    { label: 'nearby / (a) bare fixed body', numerator: ROW.nearby, denominator: ROW.bare, atLeast: 0.4 },
    { label: 'nearby / (b) PostGIS server', numerator: ROW.nearby, denominator: ROW.postgis, atLeast: 3 },
    { label: "nearby / (a') bare + JSON.stringify", numerator: ROW.nearby, denominator: ROW.bareStringify },
    { label: 'coverage / (a) bare fixed body', numerator: ROW.coverage, denominator: ROW.bare },
    { label: 'amenities / (a) bare fixed body', numerator: ROW.amenities, denominator: ROW.bare },
  ];
  for (const key of ['nearby', 'coverage', 'amenities'] as const) {
    ratios.push({
      label: `${key}: this checkout / baseline`,
      numerator: ROW[key],
      denominator: `baseline ${ROW[key]}`,
      via: [ROW.bare, `${ROW.bare}${BASELINE_PHASE}`],
    });
  }
  printHttpTables(results, ratios);
}
