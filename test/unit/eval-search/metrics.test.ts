import { describe, expect, it } from 'vitest';
import { rocAuc } from '../../../scripts/eval-search/metrics.ts';

// The AUC the evaluation reports for match_score: the probability that a relevant result outscores an irrelevant one.

/** The same probability counted pair by pair (ties half), to check the rank formula against. */
function pairwise(positives: number[], negatives: number[]): number {
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

describe('rocAuc', () => {
  it('is 1 when every positive outscores every negative, 0 when the reverse, 0.5 when all tie', () => {
    expect(rocAuc([0.9, 0.8], [0.1, 0.2, 0.3])).toBe(1);
    expect(rocAuc([0.1, 0.2], [0.8, 0.9])).toBe(0);
    expect(rocAuc([0.5, 0.5], [0.5])).toBe(0.5);
  });

  it('equals the pairwise count on mixed scores with ties', () => {
    const positives = [0.9, 0.7, 0.7, 0.4, 0.2];
    const negatives = [0.8, 0.7, 0.3, 0.3, 0.1, 0.05];
    expect(rocAuc(positives, negatives)).toBeCloseTo(pairwise(positives, negatives), 12);
  });

  it('is null when one side is empty', () => {
    expect(rocAuc([], [0.1])).toBeNull();
    expect(rocAuc([0.1], [])).toBeNull();
  });
});
