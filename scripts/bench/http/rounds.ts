// Interleaved rounds for the HTTP benchmark: every server of a phase is started first and stays up; then each round
// loads each target once. A ratio is taken within each round (two targets measured minutes apart on this shared
// machine differed by up to 2×: the bare reference swung 4 900-9 900 requests/s between runs) and its median over the
// rounds is reported, with the rounds' spread. Rounds go through the targets forwards, then backwards (A B C, C B A,
// …): targets next to each other in the list are measured back to back in every round, each first in half the rounds,
// so the ratios that matter (the caller lists their targets side by side) see the least drift of the machine.
import { type HttpRow, type HttpTarget, type LoadOptions, measureTarget } from './load.ts';

export interface RoundsOptions extends LoadOptions {
  rounds: number;
}

/** The order of a round: the list itself in even rounds, reversed in odd ones. */
export function roundOrder<T>(targets: readonly T[], round: number): T[] {
  return round % 2 === 0 ? [...targets] : [...targets].reverse();
}

/** Each target's rows, one a round, in the order given. */
export async function measureRounds(
  targets: readonly HttpTarget[],
  options: RoundsOptions,
  progress: (message: string) => void,
): Promise<Map<string, HttpRow[]>> {
  const byName = new Map<string, HttpRow[]>(targets.map((target) => [target.name, []]));
  for (let round = 0; round < options.rounds; round++) {
    for (const target of roundOrder(targets, round)) {
      // Warm-up (JIT, caches, connection pools) before a target's first round only.
      const load = { ...options, warmupS: round === 0 ? options.warmupS : 0 };
      progress(
        `round ${round + 1}/${options.rounds} ${target.name}: ${load.connections} connections, ${load.durationS} s`,
      );
      byName.get(target.name)?.push(await measureTarget(target, load));
    }
  }
  return byName;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The round whose requests/s is the median (its latencies go in the table), with every round's requests/s. */
export function medianRow(rows: readonly HttpRow[]): HttpRow & { roundsRps: number[] } {
  const sorted = [...rows].sort((a, b) => a.rps - b.rps);
  const middle = sorted[(sorted.length - 1) >> 1] as HttpRow;
  const failed = rows.reduce((sum, row) => sum + row.failed, 0);
  return { ...middle, failed, roundsRps: rows.map((row) => row.rps) };
}

/** Per-round ratios of requests/s (numerator's round i over denominator's round i). */
export function roundRatios(numerator: readonly HttpRow[], denominator: readonly HttpRow[]): number[] {
  const count = Math.min(numerator.length, denominator.length);
  return Array.from({ length: count }, (_, i) => (numerator[i] as HttpRow).rps / (denominator[i] as HttpRow).rps);
}
