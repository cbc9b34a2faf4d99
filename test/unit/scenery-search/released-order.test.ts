import { describe, expect, it } from 'vitest';
import { RELEASED_MISSING } from '../../../core/scenery-search/match-probability.ts';
import { assemblePage, type Ranked } from '../../../core/scenery-search/page.ts';
import { orderByScore, type SceneItem } from '../../../core/scenery-search/results.ts';
import { type RankedCondition, scorePresence } from '../../../core/scenery-search/scoring.ts';

// A requirement a sparse long request released (`soft_by: sparse`) orders the page and weighs in match_score as the
// wish it became: a result lacking it comes after every result showing it, and scores the share of right results
// among those lacking one, not the near-zero of a hard condition left unmet.

const condition = (key: string, softBy?: string): RankedCondition => ({
  key,
  weight: 1,
  negated: false,
  soft: softBy !== undefined,
  ...(softBy ? { soft_by: softBy } : {}),
  isTerm: false,
  confidence: 1,
  rule: 'label',
});
const parkOnly = scorePresence([condition('park')], { park: 3 }, 'all').score;
const scoreOf = (bench: 0 | 1 | 2 | 3) =>
  scorePresence([condition('park'), condition('bench', 'sparse')], { park: 3, bench }, 'all');

describe('a released requirement in match_score', () => {
  it.each([
    ['stated absent', 0 as const, parkOnly * RELEASED_MISSING, 1],
    ['not mentioned', 1 as const, parkOnly * RELEASED_MISSING, 1],
    ['mentioned: counts as the requirement it was', 2 as const, parkOnly * 0.6, 0],
  ])('%s', (_name, bench, score, lacking) => {
    const s = scoreOf(bench);
    expect(s.score).toBeCloseTo(score, 2);
    expect(s.lacking).toBe(lacking);
    expect(s.passes).toBe(true);
  });
});

let order = 0;
const ranked = (doc: number, score: number, lacking?: number): Ranked => ({
  doc,
  tier: 0,
  order: order++,
  judged: true,
  score,
  passes: true,
  satisfied: 2,
  confidence: null,
  probabilities: null,
  ...(lacking ? { lacking } : {}),
});

// [name, candidates as [doc, score, released requirements lacking], expected order of docs]
const orders: [string, [number, number, number][], number[]][] = [
  [
    'showing every released requirement first, whatever the score',
    [
      [1, 0.3, 1],
      [2, 0.1, 0],
    ],
    [2, 1],
  ],
  [
    'fewer lacking first',
    [
      [1, 0.5, 2],
      [2, 0.05, 1],
      [3, 0.02, 0],
    ],
    [3, 2, 1],
  ],
  [
    'by score among as many lacking',
    [
      [1, 0.2, 1],
      [2, 0.4, 1],
      [3, 0.1, 0],
      [4, 0.3, 0],
    ],
    [4, 3, 2, 1],
  ],
];

describe('page order of a released request', () => {
  it.each(orders)('assembled page: %s', (_name, candidates, expected) => {
    const page = assemblePage(
      [],
      candidates.map(([doc, score, lacking]) => ranked(doc, score, lacking)),
      10,
    );
    expect(page.shown.map((r) => r.doc)).toEqual(expected);
  });

  it.each(orders)('final order by match_score: %s', (_name, candidates, expected) => {
    const placed = candidates.map(([doc, score, lacking]) => ({
      ...ranked(doc, score, lacking),
      item: { id: String(doc), match_score: score } as SceneItem,
    }));
    expect(orderByScore(placed, false).map((item) => item.id)).toEqual(expected.map(String));
  });
});
