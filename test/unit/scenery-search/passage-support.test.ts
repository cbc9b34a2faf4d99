import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../core/scenery-search/categories.ts';
import { buildCategoryMatcher, foldObservation, supportingLeaves } from '../../../core/scenery-search/evidence.ts';
import { passagesFactor } from '../../../core/scenery-search/match-probability.ts';
import { type RankedCondition, scorePresence } from '../../../core/scenery-search/scoring.ts';

const catalog = loadCatalog();
const stonePaving = buildCategoryMatcher(
  catalog.categories.find((c) => c.id === 'stone_paving') as (typeof catalog.categories)[number],
  catalog.categories,
);
const leavesStating = (summary: string, analysis: Record<string, unknown> | null) =>
  supportingLeaves(foldObservation({ summary, analysis }), stonePaving);

describe('passages that state a condition', () => {
  it('counts each leaf that states the category once, however often it says it', () => {
    expect(leavesStating('石畳の坂道。石畳が続く。', null)).toBe(1);
    expect(leavesStating('石畳の坂道が続く。', { pavement: { surface: '石畳' } })).toBe(2);
    expect(leavesStating('古い商店街。', { pavement: { surface: '石畳' }, notes: ['石畳の路地が奥へ延びる'] })).toBe(2);
  });

  it('leaves out a leaf that denies it and a scene that never mentions it', () => {
    expect(leavesStating('石畳の坂道。', { pavement: { surface: '石畳は見られない' } })).toBe(1);
    expect(leavesStating('アスファルトの道。', { pavement: { surface: 'アスファルト' } })).toBe(0);
  });
});

describe('the factor of several passages', () => {
  it('raises a condition stated in more passages, up to the counted number', () => {
    expect(passagesFactor([])).toBe(1);
    expect(passagesFactor([0, 1])).toBe(1);
    const two = passagesFactor([2]);
    const three = passagesFactor([3]);
    expect(two).toBeGreaterThan(1);
    expect(three).toBeGreaterThan(two);
    expect(passagesFactor([30])).toBe(three);
  });

  it('multiplies over the conditions', () => {
    expect(passagesFactor([2, 2])).toBeCloseTo(passagesFactor([2]) ** 2);
  });
});

describe('a judged score', () => {
  const condition = (key: string, extra: Partial<RankedCondition> = {}): RankedCondition => ({
    key,
    weight: 1,
    negated: false,
    soft: false,
    isTerm: false,
    confidence: 1,
    rule: 'label',
    ...extra,
  });

  it('counts the passages of each hard condition it finds, before the page is cut', () => {
    const conditions = [condition('a'), condition('b')];
    const once = scorePresence(conditions, { a: 2, b: 2 }, 'all').score;
    const twice = scorePresence(conditions, { a: 2, b: 2 }, 'all', undefined, { a: 2, b: 1 }).score;
    expect(twice).toBeCloseTo(Math.min(1, once * passagesFactor([2])), 2);
    expect(twice).toBeGreaterThan(once);
  });

  it('ignores the passages of a condition it does not find, a negated one and a soft one', () => {
    const conditions = [condition('a'), condition('n', { negated: true }), condition('s', { soft: true })];
    const presence = { a: 1, n: 1, s: 2 } as const;
    expect(scorePresence(conditions, presence, 'all', undefined, { a: 3, n: 3, s: 3 }).score).toBe(
      scorePresence(conditions, presence, 'all').score,
    );
  });
});
