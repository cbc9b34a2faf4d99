// Benchmark of the in-memory spatial indexes (core/geo) on a seeded synthetic city, next to brute force, to
// rbush (bbox → filter → sort) and to PostGIS on the same points. Usage: node scripts/bench-geo.ts [--points 1000000]
//   [--seed 1] [--queries 20000] [--brute 100] [--leaf 32] [--grid-cells 0.25] [--no-rbush] [--only <part of a row name>]
//   [--postgis-url postgres://…] [--postgis-queries 2000] [--no-postgis] [--malloc-as-is]. Progress goes to stderr, the
//   table to stdout.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import RBush from 'rbush';
import { boundingBoxForRadius, splitAtAntimeridian } from '../core/geo/bounding-box.ts';
import { DEFAULT_CELLS_PER_POINT } from '../core/geo/count-grid.ts';
import { haversineMeters } from '../core/geo/haversine.ts';
import { LineIndex } from '../core/geo/line-index.ts';
import { type NearestResult, PointIndex } from '../core/geo/point-index.ts';
import { PolygonIndex } from '../core/geo/polygon-index.ts';
import type { LatLon } from '../core/geo/polyline-distance.ts';
import {
  buildSceneIndex,
  countSceneCandidatesByKey,
  findNearbyScenes,
  forEachSceneCandidate,
  makeSceneTieBreak,
  SCENE_CANDIDATE_CAP,
} from '../core/geo/scene-index.ts';
import { bruteContaining, bruteLinesNear, bruteNearest, bruteWithin } from '../test/unit/geo/brute-force.ts';
import { connectPostgis, DEFAULT_POSTGIS_URL } from './bench/postgis.ts';
import { type PostgisGeo, preparePostgisGeo, timeAsync } from './bench/postgis-geo.ts';
import { readStartCommand } from './bench/processes.ts';
import { AMENITIES, makeCity, makeQueries, makeRandom } from './bench/synthetic-city.ts';

const { values: args } = parseArgs({
  options: {
    points: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    queries: { type: 'string', default: '20000' },
    brute: { type: 'string', default: '100' },
    leaf: { type: 'string', default: '32' },
    // Cells per point of the scenes' count grid (core/geo/count-grid.ts); 0: none, the tree alone decides the cap.
    'grid-cells': { type: 'string' },
    'no-rbush': { type: 'boolean', default: false },
    only: { type: 'string' },
    'postgis-url': { type: 'string', default: process.env.BENCH_POSTGIS_URL ?? DEFAULT_POSTGIS_URL },
    'postgis-queries': { type: 'string', default: '2000' },
    'no-postgis': { type: 'boolean', default: false },
    'malloc-as-is': { type: 'boolean', default: false },
  },
});
// The indexes are measured in memory as the server holds them: under npm start's allocator settings (huge pages on
// the large typed arrays, scripts/bench/processes.ts). glibc reads them at process start, hence the relaunch;
// --malloc-as-is keeps this process's settings, to measure without.
const serverMalloc = readStartCommand(join(import.meta.dirname, '..')).env.GLIBC_TUNABLES;
if (!args['malloc-as-is'] && serverMalloc !== undefined && process.env.GLIBC_TUNABLES !== serverMalloc) {
  const relaunched = spawnSync(process.execPath, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, GLIBC_TUNABLES: serverMalloc },
  });
  process.exit(relaunched.status ?? 1);
}
const POINTS = Number(args.points);
const SEED = Number(args.seed);
const QUERIES = Number(args.queries);
const BRUTE_QUERIES = Number(args.brute);
const LEAF = Number(args.leaf);
const GRID_CELLS = args['grid-cells'] === undefined ? undefined : Number(args['grid-cells']);
const WITH_RBUSH = !args['no-rbush'];
const ONLY = args.only;
const POSTGIS_QUERIES = Number(args['postgis-queries']);

v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const progress = (message: string) => process.stderr.write(`[bench-geo] ${message}\n`);

// ---------- measurement ----------

let sink = 0;

interface Timing {
  p50: number;
  p99: number;
  /** Mean CPU time per query (µs): unlike wall-clock percentiles, not inflated when other processes take the CPU. */
  cpuMean: number;
  n: number;
}

/** Per-query latency in µs after a warm-up; `run` returns a number so the work cannot be optimised away. */
function time(label: string, queries: LatLon[], run: (lat: number, lon: number) => number, warmup = 1000): Timing {
  if (ONLY !== undefined && !label.includes(ONLY))
    return { p50: Number.NaN, p99: Number.NaN, cpuMean: Number.NaN, n: 0 };
  progress(`${label}: ${queries.length} queries`);
  for (let w = 0; w < Math.min(warmup, queries.length * 4); w++) {
    const [lat, lon] = queries[w % queries.length] as LatLon;
    sink += run(lat, lon);
  }
  const samples = new Float64Array(queries.length);
  const cpuBefore = process.cpuUsage();
  for (let q = 0; q < queries.length; q++) {
    const [lat, lon] = queries[q] as LatLon;
    const start = process.hrtime.bigint();
    sink += run(lat, lon);
    samples[q] = Number(process.hrtime.bigint() - start) / 1000;
  }
  const cpu = process.cpuUsage(cpuBefore);
  samples.sort();
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] as number;
  return { p50: at(0.5), p99: at(0.99), cpuMean: (cpu.user + cpu.system) / queries.length, n: queries.length };
}

function memory() {
  collectGarbage();
  const m = process.memoryUsage();
  return { heap: m.heapUsed + m.arrayBuffers, rss: m.rss };
}

function measureBuild<T>(
  label: string,
  build: () => T,
): { value: T; ms: number; cpuMs: number; heapMb: number; rssMb: number } {
  progress(`building ${label}`);
  const before = memory();
  const cpuBefore = process.threadCpuUsage();
  const start = process.hrtime.bigint();
  const value = build();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const cpu = process.threadCpuUsage(cpuBefore);
  const after = memory();
  return {
    value,
    ms,
    // The main thread's CPU time: unlike wall-clock time, not inflated while other processes hold the cores.
    cpuMs: (cpu.user + cpu.system) / 1000,
    heapMb: (after.heap - before.heap) / 2 ** 20,
    rssMb: (after.rss - before.rss) / 2 ** 20,
  };
}

// ---------- run ----------

/** A fixed reference workload (1 M haversine distances), so figures from different machines can be compared. */
function calibrate(): number {
  const start = process.hrtime.bigint();
  let sum = 0;
  for (let i = 0; i < 1_000_000; i++) sum += haversineMeters(34.69, 135.19, 34.69 + (i % 1000) * 1e-5, 135.2);
  sink += sum;
  return Number(process.hrtime.bigint() - start) / 1e6;
}
const loadBefore = os.loadavg()[0] ?? 0;
calibrate();
const calibrationMs = calibrate();

progress(`generating city: ${POINTS} scenes, seed ${SEED}`);
const random = makeRandom(SEED);
const city = makeCity(random, POINTS);
const queries = makeQueries(random, city, QUERIES);
const bruteQueries = queries.slice(0, BRUTE_QUERIES);
const rbushQueries = queries.slice(0, Math.min(QUERIES, 300));
const compareTies = makeSceneTieBreak(city.years, city.ids);
const accept = (i: number) => city.hasVerbalization[i] === 1;
const acceptRecent = (i: number) => (city.years[i] ?? 0) >= 2025;

const buildRows: string[][] = [];
const built = measureBuild(`scene index (${POINTS} points)`, () =>
  buildSceneIndex(
    { lats: city.lats, lons: city.lons, captureYears: city.years, ids: city.ids },
    { leafSize: LEAF, ...(GRID_CELLS === undefined ? {} : { countGridCellsPerPoint: GRID_CELLS }) },
  ),
);
const scenes = built.value;
// Filters read tree-ordered columns by position: the candidates of one query then sit together in memory.
const verbalizedByPosition = scenes.gatherByPosition(city.hasVerbalization, new Uint8Array(POINTS));
const acceptByPosition = (_index: number, position: number) => verbalizedByPosition[position] === 1;
buildRows.push([
  `scenes: static KD-tree, leaf ${LEAF}, count grid ${GRID_CELLS ?? DEFAULT_CELLS_PER_POINT} cells per point`,
  built.ms.toFixed(0),
  built.cpuMs.toFixed(0),
  built.heapMb.toFixed(1),
  built.rssMb.toFixed(1),
  `${(built.ms / (POINTS / 1e6)).toFixed(0)} ms per million (target ≤ 1000)`,
]);

interface RBushPoint {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  i: number;
}
let rbush: RBush<RBushPoint> | undefined;
if (WITH_RBUSH) {
  const rb = measureBuild('rbush (bulk load)', () => {
    const items: RBushPoint[] = new Array(POINTS);
    for (let i = 0; i < POINTS; i++) {
      const lat = city.lats[i] as number;
      const lon = city.lons[i] as number;
      items[i] = { minX: lon, minY: lat, maxX: lon, maxY: lat, i };
    }
    return new RBush<RBushPoint>(16).load(items);
  });
  rbush = rb.value;
  buildRows.push([
    'scenes: rbush 4 bulk load (for comparison)',
    rb.ms.toFixed(0),
    rb.cpuMs.toFixed(0),
    rb.heapMb.toFixed(1),
    rb.rssMb.toFixed(1),
    '',
  ]);
}
const amenityBuild = measureBuild('amenity index', () => PointIndex.build(city.amenityLats, city.amenityLons));
buildRows.push([
  `amenities: KD-tree (${AMENITIES})`,
  amenityBuild.ms.toFixed(1),
  amenityBuild.cpuMs.toFixed(1),
  amenityBuild.heapMb.toFixed(1),
  '',
  '',
]);
const lineBuild = measureBuild('edge index', () => LineIndex.build(city.edges));
buildRows.push([
  `edges: LineIndex (${city.edges.length})`,
  lineBuild.ms.toFixed(1),
  lineBuild.cpuMs.toFixed(1),
  lineBuild.heapMb.toFixed(1),
  '',
  '',
]);
const blockBuild = measureBuild('block index', () => PolygonIndex.build(city.blocks));
buildRows.push([
  `blocks: PolygonIndex (${city.blocks.length})`,
  blockBuild.ms.toFixed(1),
  blockBuild.cpuMs.toFixed(1),
  blockBuild.heapMb.toFixed(1),
  '',
  '',
]);

/** rbush baseline for scenes: bbox search, exact filter, full sort, cap, filter, top k. */
function rbushNearby(lat: number, lon: number, radiusM: number, limit: number, keep: (i: number) => boolean) {
  const found: { i: number; d: number }[] = [];
  for (const box of splitAtAntimeridian(boundingBoxForRadius(lat, lon, radiusM))) {
    for (const item of (rbush as RBush<RBushPoint>).search({
      minX: box.minLon,
      minY: box.minLat,
      maxX: box.maxLon,
      maxY: box.maxLat,
    })) {
      const d = haversineMeters(lat, lon, item.minY, item.minX);
      if (d <= radiusM) found.push({ i: item.i, d });
    }
  }
  found.sort((a, b) => a.d - b.d || compareTies(a.i, b.i));
  const hits: number[] = [];
  for (let k = 0; k < Math.min(found.length, SCENE_CANDIDATE_CAP) && hits.length < limit; k++) {
    const hit = found[k] as { i: number; d: number };
    if (keep(hit.i)) hits.push(hit.i);
  }
  return hits.length + (found.length > SCENE_CANDIDATE_CAP ? 1 : 0);
}

interface Row {
  query: string;
  index: Timing;
  brute: Timing;
  rbush?: Timing;
  target: string;
  mismatches: number;
  note?: string;
  postgis?: Timing;
  /** Answers that differ from the index's on the checked subsample, "checked" of them comparable. */
  postgisCheck?: { differ: number; checked: number };
}
const rows: Row[] = [];

/**
 * The same query asked of PostGIS, run after every in-process row. `same` compares one answer with the index's (null
 * when the two are not comparable by design, e.g. a coverage circle past the 8 000-candidate cap).
 */
interface PostgisJob {
  row: Row;
  run: (db: PostgisGeo, lat: number, lon: number) => Promise<unknown>;
  same: (db: PostgisGeo, lat: number, lon: number) => Promise<boolean | null>;
}
const postgisJobs: PostgisJob[] = [];
const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((value, k) => value === b[k]);

/**
 * Times the index on every query and brute force on a subsample, then (untimed) checks that both gave the same answer
 * on that subsample.
 */
function compare<T>(
  label: string,
  target: string,
  viaIndex: (lat: number, lon: number) => T,
  viaBrute: (lat: number, lon: number) => T,
  size: (result: T) => number,
  bruteSample = bruteQueries,
): Row {
  const index = time(label, queries, (lat, lon) => size(viaIndex(lat, lon)));
  if (index.n === 0) return { query: label, index, brute: index, target, mismatches: 0 };
  const expected: T[] = [];
  const brute = time(
    `${label} (brute force)`,
    bruteSample,
    (lat, lon) => {
      const result = viaBrute(lat, lon);
      expected.push(result);
      return size(result);
    },
    0,
  );
  let mismatches = 0;
  bruteSample.forEach(([lat, lon], q) => {
    if (JSON.stringify(viaIndex(lat, lon)) !== JSON.stringify(expected[q])) mismatches++;
  });
  return { query: label, index, brute, target, mismatches };
}

const hitCount = (r: NearestResult) => r.hits.length;

for (const radiusM of [150, 500, 1000]) {
  for (const limit of [10, 50]) {
    const options = { radiusM, limit, accept };
    const row = compare(
      `nearby r=${radiusM} top-${limit}`,
      radiusM === 1000 && limit === 50 ? 'p50 ≤ 30, p99 ≤ 60' : '',
      (lat, lon) => findNearbyScenes(scenes, { lat, lon, radiusM, limit, accept: acceptByPosition }),
      (lat, lon) =>
        bruteNearest(city.lats, city.lons, lat, lon, { ...options, compareTies, candidateCap: SCENE_CANDIDATE_CAP }),
      hitCount,
    );
    if (row.index.n === 0) continue;
    const truncated = queries.filter(
      ([lat, lon]) => findNearbyScenes(scenes, { lat, lon, ...options }).candidateTruncated,
    ).length;
    row.note = `${((100 * truncated) / queries.length).toFixed(0)}% truncated`;
    postgisJobs.push({
      row,
      run: (db, lat, lon) => db.nearby(lat, lon, radiusM, limit),
      same: async (db, lat, lon) =>
        sameList(
          await db.nearby(lat, lon, radiusM, limit),
          findNearbyScenes(scenes, { lat, lon, radiusM, limit, accept: acceptByPosition }).hits.map((hit) => hit.index),
        ),
    });
    if (rbush) {
      row.rbush = time(
        `${row.query} (rbush)`,
        rbushQueries,
        (lat, lon) => rbushNearby(lat, lon, radiusM, limit, accept),
        200,
      );
    }
    rows.push(row);
  }
}

// The candidate_truncated question on its own: most of the nearby tail when the limit is reached inside the circle.
for (const radiusM of [500, 1000]) {
  const row = compare(
    `more than 8 000 within r=${radiusM}`,
    '',
    (lat, lon) => scenes.hasMoreThan(lat, lon, radiusM, SCENE_CANDIDATE_CAP),
    (lat, lon) => bruteWithin(city.lats, city.lons, lat, lon, radiusM).length > SCENE_CANDIDATE_CAP,
    (more) => (more ? 1 : 0),
  );
  if (row.index.n > 0) rows.push(row);
}

{
  const options = { radiusM: 1000, limit: 50, accept: acceptRecent };
  const recentByPosition = scenes.gatherByPosition(
    Uint8Array.from({ length: POINTS }, (_, i) => (acceptRecent(i) ? 1 : 0)),
    new Uint8Array(POINTS),
  );
  rows.push(
    compare(
      'nearby r=1000 top-50, year ≥ 2025 filter',
      '(selective filter)',
      (lat, lon) =>
        findNearbyScenes(scenes, {
          lat,
          lon,
          radiusM: 1000,
          limit: 50,
          accept: (_i, position) => recentByPosition[position] === 1,
        }),
      (lat, lon) =>
        bruteNearest(city.lats, city.lons, lat, lon, { ...options, compareTies, candidateCap: SCENE_CANDIDATE_CAP }),
      hitCount,
    ),
  );
}

/** Slot 0 counts unknown years, slot k the year 1990 + k - 1. */
const YEAR_SLOTS = 40;
const yearSlot = (i: number) => {
  const year = city.years[i] ?? null;
  return year === null ? 0 : year - 1989;
};

{
  // The way the service should count: year slots arranged by tree position once, then tight loops over runs.
  const slotByPosition = scenes.gatherByPosition(
    Uint8Array.from({ length: POINTS }, (_, i) => yearSlot(i)),
    new Uint8Array(POINTS),
  );
  const countByYear = (lat: number, lon: number) => {
    const byYear = new Uint32Array(YEAR_SLOTS);
    countSceneCandidatesByKey(scenes, { lat, lon, radiusM: 500 }, slotByPosition, byYear);
    return byYear;
  };
  // The naive way, for comparison: a visitor per scene reading the caller's column at random.
  const countByYearPerScene = (lat: number, lon: number) => {
    const byYear = new Uint32Array(YEAR_SLOTS);
    forEachSceneCandidate(scenes, { lat, lon, radiusM: 500 }, (i) => {
      const slot = yearSlot(i);
      byYear[slot] = (byYear[slot] as number) + 1;
    });
    return byYear;
  };
  const perScene = time('per-scene visitor: coverage r=500', queries, (lat, lon) => {
    return countByYearPerScene(lat, lon)[YEAR_SLOTS - 1] as number;
  });
  const row = compare(
    'coverage: count by year r=500',
    '≤ 100',
    countByYear,
    (lat, lon) => {
      const kept = bruteNearest(city.lats, city.lons, lat, lon, {
        radiusM: 500,
        limit: SCENE_CANDIDATE_CAP,
        compareTies,
        candidateCap: SCENE_CANDIDATE_CAP,
      }).hits;
      const byYear = new Uint32Array(YEAR_SLOTS);
      for (const hit of kept) {
        const slot = yearSlot(hit.index);
        byYear[slot] = (byYear[slot] as number) + 1;
      }
      return byYear;
    },
    (byYear) => byYear[YEAR_SLOTS - 1] as number,
  );
  if (perScene.n > 0) row.note = `per-scene visitor: p50 ${perScene.p50.toFixed(1)}, p99 ${perScene.p99.toFixed(1)}`;
  postgisJobs.push({
    row,
    run: (db, lat, lon) => db.countByYear(lat, lon, 500),
    // PostGIS counts every scene in the circle; the index only the 8 000 nearest when more exist (the document's cap).
    same: async (db, lat, lon) => {
      const byYear = new Uint32Array(YEAR_SLOTS);
      const { candidateTruncated } = countSceneCandidatesByKey(
        scenes,
        { lat, lon, radiusM: 500 },
        slotByPosition,
        byYear,
      );
      if (candidateTruncated) return null;
      const fromPostgis = new Uint32Array(YEAR_SLOTS);
      for (const [year, n] of await db.countByYear(lat, lon, 500)) fromPostgis[year === null ? 0 : year - 1989] = n;
      return byYear.every((n, slot) => n === fromPostgis[slot]);
    },
  });
  if (rbush) {
    row.rbush = time(
      `${row.query} (rbush)`,
      rbushQueries,
      (lat, lon) => rbushNearby(lat, lon, 500, SCENE_CANDIDATE_CAP, () => true),
      200,
    );
  }
  rows.push(row);
}

{
  const amenities = amenityBuild.value;
  const row = compare(
    `amenities: nearest 10 r=1000 (${AMENITIES})`,
    '≤ 15',
    (lat, lon) => amenities.nearest(lat, lon, { radiusM: 1000, limit: 10 }),
    (lat, lon) => bruteNearest(city.amenityLats, city.amenityLons, lat, lon, { radiusM: 1000, limit: 10 }),
    hitCount,
  );
  rows.push(row);
  postgisJobs.push({
    row,
    run: (db, lat, lon) => db.nearestAmenities(lat, lon, 1000, 10),
    same: async (db, lat, lon) =>
      sameList(
        await db.nearestAmenities(lat, lon, 1000, 10),
        amenities.nearest(lat, lon, { radiusM: 1000, limit: 10 }).hits.map((hit) => hit.index),
      ),
  });
}

{
  const blocks = blockBuild.value;
  rows.push(
    compare(
      `areas/at: containment (${city.blocks.length} blocks)`,
      '≤ 20',
      (lat, lon) => blocks.containing(lat, lon),
      (lat, lon) => bruteContaining(city.blocks, lat, lon)[0] ?? -1,
      (index) => index,
      queries.slice(0, 2000),
    ),
  );
  const centers = city.blocks.map((_, i) => blocks.center(i));
  const cLats = centers.map((c) => c.lat);
  const cLons = centers.map((c) => c.lon);
  rows.push(
    compare(
      'areas/nearby: centres r=800 top-5',
      '',
      (lat, lon) => blocks.nearbyByCenter(lat, lon, { radiusM: 800, limit: 5 }),
      (lat, lon) => bruteNearest(cLats, cLons, lat, lon, { radiusM: 800, limit: 5 }).hits,
      (hits) => hits.length,
      queries.slice(0, 2000),
    ),
  );
}

{
  const lines = lineBuild.value;
  rows.push(
    compare(
      `streets/nearby: edges r=60 (${city.edges.length} edges)`,
      '',
      (lat, lon) => lines.near(lat, lon, { radiusM: 60 }),
      (lat, lon) => bruteLinesNear(city.edges, lat, lon, 60),
      (hits) => hits.length,
    ),
  );
}

// ---------- PostGIS on the same points (after the in-process rows, so it never competes with them) ----------

async function measurePostgis(): Promise<string> {
  const jobs = postgisJobs.filter((job) => job.row.index.n > 0);
  if (args['no-postgis']) return 'skipped: PostGIS (--no-postgis)';
  if (jobs.length === 0) return 'skipped: PostGIS (no row selected)';
  const connection = await connectPostgis(args['postgis-url'] as string);
  if ('skipped' in connection) return `skipped: ${connection.skipped}`;
  const { client } = connection;
  try {
    const db = await preparePostgisGeo(client, { seed: SEED, ...city }, progress);
    const postgisQueries = queries.slice(0, POSTGIS_QUERIES);
    for (const job of jobs) {
      progress(`${job.row.query} (PostGIS): ${postgisQueries.length} queries`);
      job.row.postgis = await timeAsync(postgisQueries, (lat, lon) => job.run(db, lat, lon), 200);
      const check = { differ: 0, checked: 0 };
      for (const [lat, lon] of bruteQueries) {
        const same = await job.same(db, lat, lon);
        if (same === null) continue;
        check.checked++;
        if (!same) check.differ++;
      }
      job.row.postgisCheck = check;
    }
    return `PostGIS: ${connection.version}; one connection, named prepared statements, ${postgisQueries.length} sequential queries per row over loopback`;
  } finally {
    await client.end();
  }
}
const postgisLine = await measurePostgis();

// ---------- report ----------

const fmt = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(1)} ms` : `${us.toFixed(1)}`);
function printTable(header: string[], body: string[][]) {
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c] as number)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of body) console.log(line(r));
}

console.log(
  `\n# core/geo benchmark: ${POINTS} scenes, seed ${SEED}, ${QUERIES} queries per row (brute force on ${BRUTE_QUERIES}),`,
);
console.log(
  `# Node ${process.version}, ${process.arch}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}; ` +
    `load average ${loadBefore.toFixed(1)} before, ${(os.loadavg()[0] ?? 0).toFixed(1)} after; ` +
    `reference: 1 M haversine in ${calibrationMs.toFixed(0)} ms`,
);
console.log(`# ${postgisLine}`);
console.log(`# GLIBC_TUNABLES=${process.env.GLIBC_TUNABLES ?? '(unset)'}`);
console.log('# latencies in µs unless marked ms\n');
printTable(['build', 'time ms', 'cpu ms', 'heap+buffers MB', 'RSS MB', 'note'], buildRows);
console.log('');
printTable(
  [
    'query',
    'index p50',
    'index p99',
    'index cpu mean',
    'brute p50',
    'brute p99',
    'brute/index',
    'rbush p50',
    'rbush p99',
    'PostGIS p50',
    'PostGIS p99',
    'PostGIS/index p50',
    'PostGIS differs',
    'target',
    'mismatches',
    'note',
  ],
  rows
    .filter((r) => r.index.n > 0)
    .map((r) => [
      r.query,
      fmt(r.index.p50),
      fmt(r.index.p99),
      fmt(r.index.cpuMean),
      fmt(r.brute.p50),
      fmt(r.brute.p99),
      `${(r.brute.p50 / r.index.p50).toFixed(0)}×`,
      r.rbush ? fmt(r.rbush.p50) : '',
      r.rbush ? fmt(r.rbush.p99) : '',
      r.postgis ? fmt(r.postgis.p50) : '',
      r.postgis ? fmt(r.postgis.p99) : '',
      r.postgis ? `${(r.postgis.p50 / r.index.p50).toFixed(0)}×` : '',
      r.postgisCheck ? `${r.postgisCheck.differ}/${r.postgisCheck.checked}` : '',
      r.target,
      `${r.mismatches}/${r.brute.n}`,
      r.note ?? '',
    ]),
);
progress(`done (checksum ${sink})`);
