import { beforeAll, describe, expect, it } from 'vitest';
import { loadQueryReader, marks, type ReadQuery } from './read-query.ts';

/** Two wordings whose categories the catalogue combines (階段 + 坂 → 階段坂) read as the combination when one modifies the other. */
let read: ReadQuery;
beforeAll(async () => {
  read = await loadQueryReader();
}, 60_000);

describe('compound categories in a query', () => {
  it.each([
    ['階段になっている坂道', ['stepped_slope']],
    ['石段になった坂', ['stepped_slope']],
    ['階段になってる坂', ['stepped_slope']],
    ['歩道の橋', ['pedestrian_bridge']],
  ])('%s → %j', (query, expected) => {
    expect(marks(read(query))).toEqual(expected);
  });

  it.each([
    // A thing beside the other, or coordinated with it, is no combination.
    ['石垣と石段のある坂', ['slope_road', 'stone_steps', 'stone_wall']],
    ['階段の上にある坂道', ['outdoor_stairs', 'slope_road']],
    ['坂道になっている階段', ['outdoor_stairs', 'slope_road']],
  ])('keeps %s apart → %j', (query, expected) => {
    expect(marks(read(query)).sort()).toEqual(expected);
  });

  it('gives the combination the weight of an inflection and a wording texts write', () => {
    const [condition] = read('階段になっている坂道').conditions;
    expect(condition).toMatchObject({ category_id: 'stepped_slope', rule: 'inflection', matched_wording: '階段坂' });
  });
});
