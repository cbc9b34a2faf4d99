// What the startup benches read of a server child: its JSON log entries, line by line, and its memory from /proc.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export type LogEntry = Record<string, unknown>;

/** The resident memory of a process now and at its peak (VmRSS, VmHWM), in MB. */
export function procMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/**
 * Calls `onEntry` with each JSON log line the child writes (error and fatal lines are echoed to stderr); returns the
 * listener, to pass to `child.stdout.off` once the caller has what it waited for.
 */
export function onLogEntries(child: ChildProcess, onEntry: (entry: LogEntry) => void): (chunk: Buffer) => void {
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let newline = buffered.indexOf('\n');
    while (newline !== -1) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as LogEntry;
      if (entry.level === 'error' || entry.level === 'fatal') process.stderr.write(`${line}\n`);
      onEntry(entry);
    }
  };
  child.stdout?.on('data', onData);
  return onData;
}
