import { describe, expect, it } from 'vitest';
import { searchBudget } from '../../../core/scenery-search/contract.ts';
import { assemblePage, type Ranked } from '../../../core/scenery-search/page.ts';

let order = 0;
const ranked = (doc: number, passes: boolean, satisfied: number, score: number, judged = false): Ranked => ({
  doc,
  tier: 0,
  order: order++,
  judged,
  score,
  passes,
  satisfied,
  confidence: null,
  probabilities: null,
});

describe('page assembly', () => {
  it('never mixes a candidate missing a hard condition into a matching page, and keeps it for a related page', () => {
    const full = [ranked(1, true, 2, 0.5), ranked(2, true, 2, 0.7)];
    const partial = [ranked(3, false, 1, 0.9), ranked(4, false, 1, 0.01, true)];
    const first = assemblePage([], [...partial, ...full], 10);
    expect(first.related).toBe(false);
    expect(first.shown.map((r) => r.doc)).toEqual([2, 1]);
    expect(first.pending.map((r) => r.doc).sort()).toEqual([3, 4]);

    const next = assemblePage(first.pending, [], 10);
    expect(next.related).toBe(true);
    expect(next.shown.map((r) => r.doc).sort()).toEqual([3, 4]);
  });

  it('lists the candidates meeting the most conditions first on a related page', () => {
    const page = assemblePage([], [ranked(1, false, 1, 0.9), ranked(2, false, 2, 0.1), ranked(3, false, 0, 1)], 10);
    expect(page.related).toBe(true);
    expect(page.shown.map((r) => r.doc)).toEqual([2, 1]);
  });

  it('keeps at most one request of candidates for a later related page in the cursor', () => {
    const partial = Array.from({ length: searchBudget.candidates + 20 }, (_, i) => ranked(100 + i, false, 1, 0.1));
    const page = assemblePage([], [ranked(1, true, 1, 0.5), ...partial], 10);
    expect(page.pending).toHaveLength(searchBudget.candidates);
  });
});
