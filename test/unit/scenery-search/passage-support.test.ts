import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../core/scenery-search/categories.ts';
import { buildCategoryMatcher, foldObservation, supportingLeaves } from '../../../core/scenery-search/evidence.ts';
import { passagesFactor } from '../../../core/scenery-search/match-probability.ts';

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
