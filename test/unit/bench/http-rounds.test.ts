// The HTTP bench's round arithmetic (scripts/bench/http/rounds.ts): medians, the median round, ratios within rounds.
import { describe, expect, it } from 'vitest';
import type { HttpRow } from '../../../scripts/bench/http/load.ts';
import { median, medianRow, roundOrder, roundRatios } from '../../../scripts/bench/http/rounds.ts';

const row = (rps: number, failed = 0): HttpRow => ({
  name: 't',
  rps,
  p50Ms: rps / 100,
  p99Ms: rps / 10,
  bytesPerResponse: 1,
  failed,
  cpuUsPerRequest: null,
});

describe('http rounds', () => {
  it.each([
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[7], 7],
  ])('median of %j is %d', (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it('reports the median round with its latencies, every round, and all failures', () => {
    const picked = medianRow([row(300, 1), row(100), row(200, 2)]);
    expect(picked.rps).toBe(200);
    expect(picked.p99Ms).toBe(20);
    expect(picked.roundsRps).toEqual([300, 100, 200]);
    expect(picked.failed).toBe(3);
  });

  it('goes through the targets forwards, then backwards: neighbours back to back, each first in half the rounds', () => {
    const orders = [0, 1, 2, 3].map((round) => roundOrder(['a', 'nearby', 'b', 'c'], round).join(' '));
    expect(orders).toEqual(['a nearby b c', 'c b nearby a', 'a nearby b c', 'c b nearby a']);
  });

  it('takes ratios round by round, over the rounds both targets have', () => {
    expect(roundRatios([row(100), row(300), row(50)], [row(200), row(300)])).toEqual([0.5, 1]);
  });
});
