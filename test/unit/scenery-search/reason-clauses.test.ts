import { beforeAll, describe, expect, it } from 'vitest';
import { loadQueryReader, marks, type ReadQuery } from './read-query.ts';

// A reason or prefatory clause closed by a comma before the request (`reason-clauses.ts`) tells why the speaker
// asks: its scenery words rank (`soft_by: background`), and what is asked for after it stays required.

let read: ReadQuery;
beforeAll(async () => {
  read = await loadQueryReader();
}, 30_000);

describe.each([
  [
    'fires: a cause (〜ので、〜から、〜ため、) before the request',
    [
      ['駅の近くに住んでいるので、踏切の写真を探しています。', ['railroad_crossing', '~train_station(background)']],
      ['川沿いを散歩するのが日課なので、桜並木の写真を探しています。', ['cherry_blossoms', '~river(background)']],
      [
        '商店街の近くで働いているため、アーケードのない住宅街の写真が見たいです。',
        ['-covered_arcade', 'residential_street', '~shopping_street(background)'],
      ],
    ],
  ],
  [
    'fires: a prefatory 〜のですが、 after a predicate',
    [
      [
        '海の近くに住んでいるのですが、石畳の坂道の写真を探しています。',
        ['slope_road', 'stone_paving', '~sea_view(background)'],
      ],
    ],
  ],
  [
    'refuses: a clause that asks or wishes, a purpose after a noun, no comma, or nothing asked after it',
    [
      ['石畳の坂道を探しているのですが、海が見えるところはありますか。', ['sea_view', 'slope_road', 'stone_paving']],
      ['公園で子どもを遊ばせたいので、ベンチのある広場を探しています。', ['bench', 'park']],
      ['健康のため、海沿いの遊歩道を探しています。', ['pedestrian_street', 'sea_view']],
      ['駅の近くに住んでいるので踏切の写真を探しています。', ['railroad_crossing', 'train_station']],
      ['踏切の写真を探しています。駅の近くに住んでいるので、', ['railroad_crossing', 'train_station']],
    ],
  ],
  [
    'refuses: a scenery word read again after it stays asked for (the firmer reading counts)',
    [['海から遠いので、海沿いの道を探しています。', ['sea_view']]],
  ],
] as [string, [string, string[]][]][])('%s', (_name, cases) => {
  it.each(cases)('%s → %j', (query, expected) => {
    expect(marks(read(query), { rule: true })).toEqual([...expected].sort());
  });
});
