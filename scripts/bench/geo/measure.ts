// How the geo bench measures: per-query latency (wall-clock percentiles, mean CPU time beside them) after a warm-up,
// and an index build's time and the memory it holds. Every answer is added to a checksum so no work is optimised away.
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { haversineMeters } from '../../../core/geo/haversine.ts';

export type Query = readonly [lat: number, lon: number];

export interface Timing {
  p50: number;
  p99: number;
  /** Mean CPU time per query (µs): unlike wall-clock percentiles, not inflated when other processes take the CPU. */
  cpuMean: number;
  n: number;
}

export const progress = (message: string) => process.stderr.write(`[bench-geo] ${message}\n`);

let sink = 0;
/** The sum of every answer's size: printed at the end, equal between runs that did the same work. */
export const checksum = () => sink;

function percentiles(samples: Float64Array, cpu: NodeJS.CpuUsage): Timing {
  samples.sort();
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] as number;
  return { p50: at(0.5), p99: at(0.99), cpuMean: (cpu.user + cpu.system) / samples.length, n: samples.length };
}

/** Per-query latency in µs after a warm-up; `run` returns a number so the work cannot be optimised away. */
export function timeQueries(queries: readonly Query[], run: (lat: number, lon: number) => number, warmup = 1000) {
  for (let w = 0; w < Math.min(warmup, queries.length * 4); w++) {
    const [lat, lon] = queries[w % queries.length] as Query;
    sink += run(lat, lon);
  }
  const samples = new Float64Array(queries.length);
  const cpuBefore = process.cpuUsage();
  for (let q = 0; q < queries.length; q++) {
    const [lat, lon] = queries[q] as Query;
    const start = process.hrtime.bigint();
    sink += run(lat, lon);
    samples[q] = Number(process.hrtime.bigint() - start) / 1000;
  }
  return percentiles(samples, process.cpuUsage(cpuBefore));
}

/** Sequential latency of an async query in µs, after a warm-up; the same statistics as `timeQueries`. */
export async function timeAsync(
  queries: readonly Query[],
  run: (lat: number, lon: number) => Promise<unknown>,
  warmup: number,
): Promise<Timing> {
  for (let w = 0; w < Math.min(warmup, queries.length); w++) {
    const [lat, lon] = queries[w] as Query;
    await run(lat, lon);
  }
  const samples = new Float64Array(queries.length);
  const cpuBefore = process.cpuUsage();
  for (let q = 0; q < queries.length; q++) {
    const [lat, lon] = queries[q] as Query;
    const start = process.hrtime.bigint();
    await run(lat, lon);
    samples[q] = Number(process.hrtime.bigint() - start) / 1000;
  }
  return percentiles(samples, process.cpuUsage(cpuBefore));
}

let collectGarbage: (() => void) | undefined;

function memory() {
  if (collectGarbage === undefined) {
    v8.setFlagsFromString('--expose-gc');
    collectGarbage = runInNewContext('gc') as () => void;
  }
  collectGarbage();
  const m = process.memoryUsage();
  return { heap: m.heapUsed + m.arrayBuffers, rss: m.rss };
}

export interface Built<T> {
  value: T;
  ms: number;
  /** The main thread's CPU time: unlike wall-clock time, not inflated while other processes hold the cores. */
  cpuMs: number;
  heapMb: number;
  rssMb: number;
}

export function measureBuild<T>(label: string, build: () => T): Built<T> {
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
    cpuMs: (cpu.user + cpu.system) / 1000,
    heapMb: (after.heap - before.heap) / 2 ** 20,
    rssMb: (after.rss - before.rss) / 2 ** 20,
  };
}

/** A fixed reference workload (1 M haversine distances) in ms, so figures from different machines compare. */
export function calibrate(): number {
  const start = process.hrtime.bigint();
  let sum = 0;
  for (let i = 0; i < 1_000_000; i++) sum += haversineMeters(34.69, 135.19, 34.69 + (i % 1000) * 1e-5, 135.2);
  sink += sum;
  return Number(process.hrtime.bigint() - start) / 1e6;
}
