// The servers of the HTTP bench, each on loopback in a process of its own: ours (scripts/serve.ts as npm start runs
// it), (a) and (a') bare node:http answering a sampled nearby body, (b) node:http + pg + PostGIS answering nearby.
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { connectPostgis } from '../shared/postgis.ts';
import { type RunningServer, readStartCommand, startServer } from '../shared/processes.ts';
import type { HttpTarget } from './load.ts';
import type { HttpBenchOptions } from './options.ts';
import { preparePostgisNearby } from './postgis-nearby.ts';
import { ENDPOINTS, ROW } from './targets.ts';

export const progress = (message: string) => process.stderr.write(`[bench-http] ${message}\n`);

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

export async function servedSnapshot(server: RunningServer): Promise<string> {
  const meta = (await (await fetch(`${server.baseUrl}/v1/meta`)).json()) as { snapshot: string };
  return meta.snapshot;
}

/** The median-sized nearby body at these points: the fixed body of (a), the envelope of (b). */
export async function sampleNearbyBody(server: RunningServer, points: readonly [number, number][]): Promise<string> {
  const bodies: string[] = [];
  for (const [lat, lon] of points) {
    bodies.push(await (await fetch(`${server.baseUrl}${ENDPOINTS.nearby(lat, lon)}`)).text());
  }
  bodies.sort((a, b) => Buffer.byteLength(a) - Buffer.byteLength(b));
  return bodies[Math.floor(bodies.length / 2)] as string;
}

export async function stopServer(server: RunningServer, servers: RunningServer[]): Promise<void> {
  servers.splice(servers.indexOf(server), 1);
  await server.stop();
}

/** (a) and (a'): bare node:http servers answering the sampled nearby body. */
export async function startBare(bodyFile: string, servers: RunningServer[]): Promise<HttpTarget[]> {
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
export async function startPostgis(
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
