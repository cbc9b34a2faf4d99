import { beforeAll, describe, expect, it } from 'vitest';
import { loadQueryReader, marks, type ReadQuery } from './read-query.ts';

// Clause structure of whole sentences: acceptance, avoidance, wishes inside a phrase, background clauses.

let read: ReadQuery;
beforeAll(async () => {
  read = await loadQueryReader();
}, 30_000);

describe.each([
  [
    'an acceptance (〜ても構わない) welcomes the word without requiring or excluding it',
    [
      ['港の倉庫街、落書きがあっても構いません', ['~graffiti', 'warehouse']],
      ['市場、アーケードがあってもなくてもかまいません', ['~covered_arcade', 'market']],
      ['駅前の商店街、アーケードがなくても大丈夫です', ['~covered_arcade', 'shopping_street', 'train_station']],
    ],
  ],
  [
    'an optional adverbial inside a phrase covers its topic',
    [
      [
        '海沿いの道、電線や電柱はできれば写っていないものがいいです',
        ['~-overhead_wires', '~-utility_poles', 'sea_view'],
      ],
      ['なるべくなら石畳の残る路地', ['narrow_alley', '~stone_paving']],
      ['住宅街、電柱がなるべく少ないところ', ['residential_street', '~-utility_poles']],
      // A comma lists words of one kind: the negation covers them all.
      ['住宅街、電柱、電線がない道', ['residential_street', '-overhead_wires', '-utility_poles']],
    ],
  ],
  [
    'avoiding is negating, and a head that names nothing passes it to its modifier',
    [
      ['海の見える道で、坂道はきついので避けたいです', ['sea_view', '-slope_road']],
      ['急な坂は苦手です', ['-steep_slope']],
      ['交通量の多い道は避けたい', ['-heavy_traffic']],
      ['電柱が立っている道は嫌', ['-utility_poles']],
    ],
  ],
  [
    'a negated verb that affirms asks for no absence',
    [
      ['漁港の風景が忘れられない', ['fishing_port']],
      ['鳥居は欠かせない', ['torii']],
    ],
  ],
  [
    'a wish reaches through a head that names nothing and over the words modifying its noun',
    [
      ['踏切の写真、路面電車が走っている場所だとさらに嬉しいです', ['railroad_crossing', '~streetcar']],
      ['古い町並み、格子戸の町家があると理想的', ['historic_streetscape', '~lattice_facade', '~machiya']],
      ['商店街でのぼり旗が立ってたら尚良し', ['~nobori_banners', 'shopping_street']],
    ],
  ],
  [
    'a story told in the past or the standard of a comparison is background: its words are wishes',
    [
      [
        '先週港の近くを散歩していたら、倉庫を見つけたのですが、あのような赤レンガ倉庫の写真を探しています',
        ['brick_warehouse', '~harbour', '~warehouse'],
      ],
      [
        '家族で行った神社がとても良かったので、石段の上に鳥居がある場所を探しています',
        ['~shrine_building', 'stone_steps', 'torii'],
      ],
      ['祖母の家の近くにあったような、古い木造家屋が並ぶ通り', ['~detached_houses', 'old_wooden_house']],
      ['港町の朝市のような、活気のある市場', ['~harbour', 'lively_street', 'market']],
      // Before a head that names nothing, the standard is what is asked for.
      ['竹林の中の小道のような場所', ['bamboo_grove', 'narrow_alley']],
      ['以前テレビで見たのですが、川沿いに蔵が並ぶ町並み', ['kura_storehouse', 'river']],
      // 〜たとき sets a viewpoint as often as a story: its words stay asked for.
      ['雪の積もった坂道を見下ろしたときに海が見える景色', ['sea_view', 'slope_road', 'snow_scene']],
    ],
  ],
  [
    'politeness and sentence-final forms add no condition',
    [
      ['石段のある神社の写真を探しています。よろしくお願いいたします。', ['shrine_building', 'stone_steps']],
      ['灯台の写真はありますでしょうか。教えていただけると助かります', ['lighthouse']],
    ],
  ],
] as [string, [string, string[]][]][])('%s', (_name, cases) => {
  it.each(cases)('%s → %j', (query, expected) => {
    expect(marks(read(query))).toEqual([...expected].sort());
  });
});

describe('a negated verbal noun is the privative compound of the catalogue', () => {
  it.each([
    ['舗装されていない道', 'unpaved_road'],
    ['舗装がない細い道', 'unpaved_road'],
  ])('%s → %s, by inflection, naming the wording reached', (query, id) => {
    const c = read(query).conditions.find((x) => x.category_id === id);
    expect(c).toMatchObject({ negated: false, soft: false, rule: 'inflection', matched_wording: '未舗装' });
  });
});
