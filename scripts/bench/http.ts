// HTTP requests per second on loopback: our server's /v1/scenes/nearby (r=500, top 50), /v1/coverage (r=500) and
// /v1/amenities/nearby (r=1000, top 10) next to (a) a bare node:http server sending a fixed body of the same size,
// (a') the same re-serialising it per request, and (b) a minimal node:http + pg + PostGIS server answering the same
// nearby query; and nearby again with gzip, with brotli, and revalidated by If-None-Match (`delivery`). Every server
// runs in a process of its own, all up at once, loaded in interleaved rounds (http/rounds.ts); a --compare-checkout baseline runs in a second phase, interleaved with (a) again.
// Usage: npm run bench -- http [--scenes 1000000] [--seed 1] [--data-dir .data/bench-http] [--database-url URL]
//   [--release DIR] [--postgis-url URL] [--only machimi,bare,postgis,delivery] [--compare-checkout DIR]
//   [--baseline-data-dir DIR] [--points 5000]
//   [--connections 32] [--duration 5] [--warmup 3] [--rounds 6] [--log-level warn]
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join, resolve } from 'node:path';
import type { HttpRow } from './http/load.ts';
import { readHttpOptions } from './http/options.ts';
import { makeQueryPoints, readScenePositions } from './http/release-points.ts';
import { printHttpReport } from './http/report.ts';
import { measureRounds } from './http/rounds.ts';
import {
  progress,
  sampleNearbyBody,
  servedSnapshot,
  startBare,
  startMachimi,
  startPostgis,
  stopServer,
  waitForBackgroundWork,
} from './http/servers.ts';
import {
  BASELINE_PREFIX,
  currentEtags,
  deliveryTargets,
  ENDPOINTS,
  inBaselinePhase,
  machimiTargets,
} from './http/targets.ts';
import type { RunningServer } from './shared/processes.ts';

const options = readHttpOptions();
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
  if (options.only.has('delivery')) {
    // Revalidations of a few hundred points: fetching every point's tag first would warm the card cache.
    const tagged = points.slice(0, 500).map(([lat, lon]) => ENDPOINTS.nearby(lat, lon));
    ourTargets.push(...deliveryTargets(ours, points, await currentEtags(ours, tagged)));
  }
  // nearby between (a) and (b), the two references it is measured against, so both ratios are of back-to-back loads.
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
    const second = [...bare.slice(0, 1).map(inBaselinePhase), ...machimiTargets(baseline, points, BASELINE_PREFIX)];
    for (const [name, rows] of await measureRounds(second, options, progress)) results.set(name, rows);
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await rm(work, { recursive: true, force: true });
}
printHttpReport(options, results, notes, loadBefore);
