// Side-by-side timing for in-process benches: every task runs once per round, in turn, and each figure is the median
// over the rounds of the mean µs per call within a round. Time is the main thread's CPU time, not wall time: on a
// shared machine (load averages of 10 on 2 cores here) waiting for a core would otherwise swamp the differences.

export type Task = () => unknown;

export interface TimingOptions {
  // CPU time per task per round, in milliseconds.
  ms: number;
  rounds: number;
}

// µs of CPU time used by this thread since `since` (a threadCpuUsage() reading).
function cpuSince(since: NodeJS.CpuUsage): number {
  const now = process.threadCpuUsage(since);
  return now.user + now.system;
}

function timeSync(task: Task, ms: number): number {
  let calls = 0;
  const started = process.threadCpuUsage();
  let elapsed = 0;
  while (elapsed < ms * 1000) {
    for (let i = 0; i < 20; i++) task();
    calls += 20;
    elapsed = cpuSince(started);
  }
  return elapsed / calls;
}

async function timeAsync(task: Task, ms: number): Promise<number> {
  let calls = 0;
  const started = process.threadCpuUsage();
  let elapsed = 0;
  while (elapsed < ms * 1000) {
    for (let i = 0; i < 10; i++) await task();
    calls += 10;
    elapsed = cpuSince(started);
  }
  return elapsed / calls;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export function compare(tasks: Record<string, Task>, options: TimingOptions): Record<string, number>;
export function compare(
  tasks: Record<string, Task>,
  options: TimingOptions,
  awaited: true,
): Promise<Record<string, number>>;
export function compare(
  tasks: Record<string, Task>,
  options: TimingOptions,
  awaited = false,
): Record<string, number> | Promise<Record<string, number>> {
  const entries = Object.entries(tasks);
  const summarise = (samples: number[][]) =>
    Object.fromEntries(entries.map(([name], i) => [name, median(samples[i] as number[])]));
  if (!awaited) {
    const samples: number[][] = entries.map(() => []);
    for (const [, task] of entries) timeSync(task, options.ms / 2);
    for (let round = 0; round < options.rounds; round++) {
      for (const [i, [, task]] of entries.entries()) samples[i]?.push(timeSync(task, options.ms));
    }
    return summarise(samples);
  }
  return (async () => {
    const samples: number[][] = entries.map(() => []);
    for (const [, task] of entries) await timeAsync(task, options.ms / 2);
    for (let round = 0; round < options.rounds; round++) {
      for (const [i, [, task]] of entries.entries()) samples[i]?.push(await timeAsync(task, options.ms));
    }
    return summarise(samples);
  })();
}
