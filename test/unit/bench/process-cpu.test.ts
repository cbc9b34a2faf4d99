// The HTTP bench's server CPU per request (scripts/bench/http/process-cpu.ts, report.ts): /proc parsing and
// arithmetic.
import { describe, expect, it } from 'vitest';
import type { HttpRow } from '../../../scripts/bench/http/load.ts';
import { cpuTicksOfStat, cpuUsPerRequest, processCpuMs } from '../../../scripts/bench/http/process-cpu.ts';
import { medianCpuUs } from '../../../scripts/bench/http/report.ts';

// A /proc/<pid>/stat line; utime 844 and stime 176 are fields 14 and 15.
const statOf = (name: string) =>
  `25851 (${name}) S 1 25851 25851 0 -1 4194560 289245 0 0 0 844 176 0 0 20 0 11 0 7823 1234567 890 18446744073709551615`;

describe('cpuTicksOfStat', () => {
  it.each(['node', 'MainThread', 'a b', 'x) (y', ') S 1 2 3'])(
    'reads utime + stime after a command named %j',
    (name) => {
      expect(cpuTicksOfStat(statOf(name))).toBe(1020);
    },
  );

  it('gives null for a line that is not a stat line', () => {
    expect(cpuTicksOfStat('not a stat line')).toBeNull();
  });
});

describe('processCpuMs', () => {
  it('reads this process and grows as it works', () => {
    const before = processCpuMs(process.pid);
    expect(before).not.toBeNull();
    let spin = 0;
    const until = performance.now() + 60;
    while (performance.now() < until) spin++;
    expect(spin).toBeGreaterThan(0);
    expect(processCpuMs(process.pid) as number).toBeGreaterThan(before as number);
  });

  it('gives null for a process that does not exist', () => {
    expect(processCpuMs(2 ** 30)).toBeNull();
  });
});

describe('cpuUsPerRequest and its median', () => {
  it.each([
    [1000, 1500, 2500, 200],
    [0, 10, 4, 2500],
    [null, 10, 4, null],
    [0, null, 4, null],
    [0, 10, 0, null],
  ])('from %j ms to %j ms over %j requests: %j µs', (before, after, requests, expected) => {
    expect(cpuUsPerRequest(before, after, requests)).toBe(expected);
  });

  const row = (cpuUsPerRequest: number | null): HttpRow => ({
    name: 't',
    rps: 1,
    p50Ms: 1,
    p99Ms: 1,
    bytesPerResponse: 1,
    failed: 0,
    cpuUsPerRequest,
  });

  it('takes the median over the rounds that measured it', () => {
    expect(medianCpuUs([row(300), row(null), row(100), row(200)])).toBe(200);
    expect(medianCpuUs([row(null)])).toBeNull();
  });
});
