// Side-by-side timing of two versions of core/geo's point queries on the bench city, in one process, interleaved in
// blocks of queries so both see the same machine load. Usage:
//   git archive <commit> core/geo | tar -x -C /tmp/geo-before
//   node scripts/bench/geo/compare-versions.ts --before /tmp/geo-before/core/geo [--after core/geo] [--points 1000000]
//     [--queries 20000] [--rounds 1] [--only <part of a row name>] [--cold MB]
// --cold MB reads through MB megabytes before every timed query (untimed): 48 (above the 36 MB last-level cache here)
// starts each query with cold caches, as under HTTP load where a request's other work evicts the index between two
// geo queries; 4 empties only the core's own caches. Cold runs take ~5 ms a query: use fewer (--queries 2000). The
// cpu column then shows the mean wall-clock time (the eviction would dominate CPU time).
// Each row prints p50/p99 wall-clock µs and mean CPU µs per query for each version, also split by whether the circle
// holds more than the 8 000-candidate cap, then the after/before ratios. The answers of both versions are checked to be
// equal. Builds are timed interleaved (wall and CPU). --rounds repeats every query that many times (more samples).
import os from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { makeRandom } from '../shared/random.ts';
import { makeCity, makeQueries } from './synthetic-city.ts';

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: 'core/geo' },
    points: { type: 'string', default: '1000000' },
    queries: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '1' },
    only: { type: 'string' },
    cold: { type: 'string' },
  },
});
if (args.before === undefined) {
  console.error('pass --before DIR, a copy of an older core/geo (git archive <commit> core/geo | tar -x -C DIR)');
  process.exit(2);
}
const POINTS = Number(args.points);
const QUERIES = Number(args.queries);
const ROUNDS = Number(args.rounds);
const CAP = 8000;
const YEAR_SLOTS = 40;
const COLD_MB = Number(args.cold ?? 0);
const COLD = COLD_MB > 0;
v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
/** Larger than the last-level cache (36 MB here): reading it evicts the index between queries. */
const evictor = new Float64Array(COLD_MB * 2 ** 17).fill(1);
let evictSink = 0;
function evictCaches(): void {
  for (let i = 0; i < evictor.length; i += 8) evictSink += evictor[i] as number;
}

const random = makeRandom(1);
const city = makeCity(random, POINTS);
const queries = makeQueries(random, city, QUERIES);
const yearSlots = Uint8Array.from({ length: POINTS }, (_, i) => {
  const year = city.years[i] ?? null;
  return year === null ? 0 : year - 1989;
});

type Query = (lat: number, lon: number) => number;
interface Version {
  name: string;
  /** Builds the scene index once (timed by the caller, interleaved with the other version). */
  build: () => unknown;
  /** Bytes held by one scene index (typed arrays and heap, after a full collection). */
  indexBytes: number;
  rows: Record<string, Query>;
  /** Answers, for the equality check: a string per query. */
  answers: Record<string, (lat: number, lon: number) => string>;
  moreThanCap: (lat: number, lon: number, radiusM: number) => boolean;
}

async function load(name: string, dir: string): Promise<Version> {
  const root = resolve(dir);
  const sceneIndex = await import(`${root}/scene-index.ts`);
  const pointIndex = await import(`${root}/point-index.ts`);
  const build = () =>
    sceneIndex.buildSceneIndex({ lats: city.lats, lons: city.lons, captureYears: city.years, ids: city.ids });
  const held = () => {
    collectGarbage();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = held();
  const scenes = build();
  const indexBytes = held() - before;
  const amenities = pointIndex.PointIndex.build(city.amenityLats, city.amenityLons);
  const verbalized = scenes.gatherByPosition(city.hasVerbalization, new Uint8Array(POINTS));
  const accept = (_index: number, position: number) => verbalized[position] === 1;
  const slotByPosition = scenes.gatherByPosition(yearSlots, new Uint8Array(POINTS));
  scenes.keyHistogram(slotByPosition, YEAR_SLOTS);
  const counts = new Uint32Array(YEAR_SLOTS);
  const nearby = (radiusM: number, limit: number) => (lat: number, lon: number) =>
    sceneIndex.findNearbyScenes(scenes, { lat, lon, radiusM, limit, accept });
  const coverage = (lat: number, lon: number) => {
    counts.fill(0);
    const outcome = sceneIndex.countSceneCandidatesByKey(scenes, { lat, lon, radiusM: 500 }, slotByPosition, counts);
    return `${counts.join(',')}/${outcome.candidateTruncated}`;
  };
  const nearbyRows: Record<string, (lat: number, lon: number) => { hits: unknown[]; candidateTruncated: boolean }> = {
    'nearby r=150 top-10': nearby(150, 10),
    'nearby r=150 top-50': nearby(150, 50),
    'nearby r=500 top-10': nearby(500, 10),
    'nearby r=500 top-50': nearby(500, 50),
    'nearby r=1000 top-10': nearby(1000, 10),
    'nearby r=1000 top-50': nearby(1000, 50),
  };
  const rows: Record<string, Query> = {};
  const answers: Record<string, (lat: number, lon: number) => string> = {};
  for (const [row, run] of Object.entries(nearbyRows)) {
    rows[row] = (lat, lon) => run(lat, lon).hits.length;
    answers[row] = (lat, lon) => JSON.stringify(run(lat, lon));
  }
  rows['coverage: count by year r=500'] = (lat, lon) => coverage(lat, lon).length;
  answers['coverage: count by year r=500'] = coverage;
  rows['count within r=500'] = (lat, lon) => scenes.countWithin(lat, lon, 500);
  answers['count within r=500'] = (lat, lon) => String(scenes.countWithin(lat, lon, 500));
  for (const radiusM of [500, 1000]) {
    const row = `more than 8 000 within r=${radiusM}`;
    rows[row] = (lat, lon) => (scenes.hasMoreThan(lat, lon, radiusM, CAP) ? 1 : 0);
    answers[row] = (lat, lon) => String(scenes.hasMoreThan(lat, lon, radiusM, CAP));
  }
  const nearestAmenities = (lat: number, lon: number) => amenities.nearest(lat, lon, { radiusM: 1000, limit: 10 });
  rows['amenities: nearest 10 r=1000'] = (lat, lon) => nearestAmenities(lat, lon).hits.length;
  answers['amenities: nearest 10 r=1000'] = (lat, lon) => JSON.stringify(nearestAmenities(lat, lon));
  return {
    name,
    build,
    indexBytes,
    rows,
    answers,
    moreThanCap: (lat, lon, radiusM) => scenes.hasMoreThan(lat, lon, radiusM, CAP),
  };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
};
const fmt = (us: number) => us.toFixed(1).padStart(7);

const loadBefore = os.loadavg()[0] ?? 0;
const versions = [await load('before', args.before), await load('after', args.after)];
console.log(
  `# ${POINTS} scenes, ${QUERIES} queries per row${COLD ? `, ${COLD_MB} MB read before each query` : ''},` +
    ` load average ${loadBefore.toFixed(2)} at the start`,
);
for (const v of versions) console.log(`# ${v.name}: scene index holds ${(v.indexBytes / 2 ** 20).toFixed(1)} MB`);
const builds = versions.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
for (let round = 0; round < 4; round++) {
  versions.forEach((_, kk) => {
    const k = (kk + round) % versions.length;
    const cpuBefore = process.threadCpuUsage();
    const start = process.hrtime.bigint();
    (versions[k] as Version).build();
    const cpu = process.threadCpuUsage(cpuBefore);
    builds[k]?.wall.push(Number(process.hrtime.bigint() - start) / 1e6);
    builds[k]?.cpu.push((cpu.user + cpu.system) / 1000);
  });
}
const median = (values: number[]) => percentile(values, 0.5);
versions.forEach((v, k) => {
  const b = builds[k] as { wall: number[]; cpu: number[] };
  console.log(
    `# ${v.name}: build wall ${b.wall.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${median(b.wall).toFixed(0)}),` +
      ` CPU ${b.cpu.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${median(b.cpu).toFixed(0)})`,
  );
});

let sink = 0;
for (const row of Object.keys(versions[0]?.rows ?? {})) {
  if (args.only !== undefined && !row.includes(args.only)) continue;
  const radiusM = Number(/r=(\d+)/.exec(row)?.[1] ?? 1000);
  const truncated = queries.map(([lat, lon]) => (versions[0] as Version).moreThanCap(lat, lon, radiusM));
  const differ = queries
    .slice(0, 500)
    .filter(([lat, lon]) => versions[0]?.answers[row]?.(lat, lon) !== versions[1]?.answers[row]?.(lat, lon)).length;
  const samples = versions.map(() => ({ all: [] as number[], capped: [] as number[], rest: [] as number[], cpu: 0 }));
  for (const v of versions)
    for (let w = 0; w < 2000; w++) sink += (v.rows[row] as Query)(...(queries[w % QUERIES] as [number, number]));
  for (let start = 0; start < QUERIES * ROUNDS; start += 1000) {
    // Which version goes first alternates by block, so neither always runs after the other's cache traffic.
    versions.forEach((_, kk) => {
      const k = (kk + start / 1000) % versions.length;
      const run = (versions[k] as Version).rows[row] as Query;
      const into = samples[k] as (typeof samples)[number];
      const cpuBefore = process.threadCpuUsage();
      for (let n = start; n < Math.min(QUERIES * ROUNDS, start + 1000); n++) {
        const q = n % QUERIES;
        const [lat, lon] = queries[q] as [number, number];
        if (COLD) evictCaches();
        const t = process.hrtime.bigint();
        sink += run(lat, lon);
        const us = Number(process.hrtime.bigint() - t) / 1000;
        into.all.push(us);
        (truncated[q] ? into.capped : into.rest).push(us);
        if (COLD) into.cpu += us;
      }
      const cpu = process.threadCpuUsage(cpuBefore);
      if (!COLD) into.cpu += cpu.user + cpu.system;
    });
  }
  versions.forEach((v, k) => {
    const s = samples[k] as (typeof samples)[number];
    const p50p99 = (values: number[]) => `p50 ${fmt(percentile(values, 0.5))} p99 ${fmt(percentile(values, 0.99))}`;
    console.log(
      `${row.padEnd(30)} ${v.name.padEnd(6)} ${p50p99(s.all)} cpu ${fmt(s.cpu / (QUERIES * ROUNDS))}` +
        ` | past the cap (${s.capped.length}) ${p50p99(s.capped)} | rest ${p50p99(s.rest)}`,
    );
  });
  const [b, a] = samples as [(typeof samples)[number], (typeof samples)[number]];
  const ratio = (after: number[], before: number[], p: number) =>
    (percentile(after, p) / percentile(before, p)).toFixed(2);
  console.log(
    `${row.padEnd(30)} after/before p50 ${ratio(a.all, b.all, 0.5)} p99 ${ratio(a.all, b.all, 0.99)}` +
      ` cpu ${(a.cpu / b.cpu).toFixed(2)} | past the cap p99 ${ratio(a.capped, b.capped, 0.99)}` +
      ` | rest p99 ${ratio(a.rest, b.rest, 0.99)} | answers differ on ${differ} of 500 queries`,
  );
}
console.log(`# load average ${(os.loadavg()[0] ?? 0).toFixed(2)} at the end (checksum ${sink + evictSink})`);
