import { readFileSync } from 'node:fs';
import type { Logger } from '../log.ts';

// Start-up is a handful of phases (modules, store, release, indexes, app, listen). Each one is logged as a JSON line
// `{ phase, ms }` when it ends, and `summary()` gives them all at once with the memory in use, so a slow start
// shows where its time went without a profiler.

export interface MemoryFigures {
  rss_mb: number;
  heap_used_mb: number;
  /** Typed arrays and other memory outside the JS heap. */
  array_buffers_mb: number;
  /** The peak resident set of the process so far (Linux only: /proc/self/status VmHWM), else null. */
  peak_rss_mb: number | null;
}

const mb = (bytes: number) => Math.round(bytes / 1048576);

function peakRssMb(): number | null {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

export function memoryFigures(): MemoryFigures {
  const usage = process.memoryUsage();
  return {
    rss_mb: mb(usage.rss),
    heap_used_mb: mb(usage.heapUsed),
    array_buffers_mb: mb(usage.arrayBuffers),
    peak_rss_mb: peakRssMb(),
  };
}

export interface StartupTimer {
  /** Runs one phase and logs its duration (also when it throws, so a failed start still shows how far it got). */
  time<T>(phase: string, fn: () => Promise<T> | T): Promise<T>;
  /** Records a phase measured elsewhere (e.g. module loading before main ran). */
  record(phase: string, ms: number, cpuMs?: number): void;
  /** Every phase so far, in order, with the total since `since` (ms on the performance clock). */
  summary(): { phases: Record<string, number>; total_ms: number; cpu_ms: number };
}

export function createStartupTimer(log: Logger | null, since = performance.now()): StartupTimer {
  const phases: Record<string, number> = {};
  const record = (phase: string, ms: number, cpuMs?: number) => {
    phases[phase] = Math.round(ms);
    log?.info(
      { phase, ms: phases[phase], ...(cpuMs === undefined ? {} : { cpu_ms: cpuMs }), ...memoryFigures() },
      `start-up phase ${phase}`,
    );
  };
  return {
    async time(phase, fn) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      try {
        return await fn();
      } finally {
        const used = process.cpuUsage(cpu);
        // CPU time of the whole process (overlapping phases share it); a loaded machine inflates ms, not cpu_ms.
        record(phase, performance.now() - started, Math.round((used.user + used.system) / 1000));
      }
    },
    record,
    summary: () => {
      const cpu = process.cpuUsage();
      return {
        phases: { ...phases },
        total_ms: Math.round(performance.now() - since),
        cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
      };
    },
  };
}

/** A timer that measures nothing, for callers that do not care. */
export const noTimer: StartupTimer = {
  time: async (_phase, fn) => fn(),
  record: () => {},
  summary: () => ({ phases: {}, total_ms: 0, cpu_ms: 0 }),
};
