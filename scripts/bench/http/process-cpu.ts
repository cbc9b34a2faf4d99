// CPU time a server process has used (Linux /proc: user + system, every thread), so the HTTP bench can report the
// server's CPU per request beside its requests per second: a figure that does not depend on the load generator's own
// limit (which is what the bare server's requests/s measure here), though it still moves with the machine.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** utime + stime in clock ticks from a /proc/<pid>/stat line, or null when it is not one. */
export function cpuTicksOfStat(stat: string): number | null {
  // The command name (field 2) is in parentheses and may hold spaces or parentheses itself: count after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the line are the 12th and 13th after the name.
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  return Number.isInteger(user) && Number.isInteger(system) ? user + system : null;
}

/** Milliseconds of CPU the process has used so far, or null where /proc cannot tell (not Linux, process gone). */
export function processCpuMs(pid: number): number | null {
  try {
    const ticks = cpuTicksOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    return ticks === null ? null : (ticks * 1000) / clockTicksPerSecond();
  } catch {
    return null;
  }
}

/** CPU microseconds a request between two readings, or null when either is missing or nothing was answered. */
export function cpuUsPerRequest(beforeMs: number | null, afterMs: number | null, requests: number): number | null {
  if (beforeMs === null || afterMs === null || requests <= 0) return null;
  return ((afterMs - beforeMs) * 1000) / requests;
}
