import { beforeAll, describe, expect, it } from 'vitest';
import { loadQueryReader, marks, type ReadQuery } from './read-query.ts';

// `soft_by` names the rule of each soft reading. The `activity` rule: what a visitor's action reaches (〜に座ってゆっくりできるような) ranks; its route or place does not.

let read: ReadQuery;
beforeAll(async () => {
  read = await loadQueryReader();
}, 30_000);

describe.each([
  [
    'fires: a word marked by に in a clause of what a visitor could do (〜できるような)',
    [
      ['ベンチに座ってゆっくりできるような公園', ['park', '~bench(activity)']],
      ['自転車に乗る練習をできるような、歩道の広い道', ['sidewalk', 'wide_avenue', '~bicycles(activity)']],
    ],
  ],
  [
    'refuses: the route of the action, what can be seen, a potential without よう',
    [
      ['川沿いをお散歩できるような道', ['river']],
      ['梅の花が見られるような場所を探しています。', ['plum_blossoms']],
      ['ベンチに座ることができる公園', ['bench', 'park']],
    ],
  ],
  [
    'every soft reading names the clause rule that made it soft',
    [
      ['看板が少ない商店街', ['shopping_street', '~-signboards(fewer)']],
      ['商店街でのぼり旗が立ってたら尚良し', ['shopping_street', '~nobori_banners(wish)']],
      ['なるべくなら石畳の残る路地', ['narrow_alley', '~stone_paving(optional)']],
      ['祖母の家の近くにあったような、古い木造家屋が並ぶ通り', ['old_wooden_house', '~detached_houses(background)']],
    ],
  ],
] as [string, [string, string[]][]][])('%s', (_name, cases) => {
  it.each(cases)('%s → %j', (query, expected) => {
    expect(marks(read(query), { rule: true })).toEqual([...expected].sort());
  });
});
