import { beforeAll, describe, expect, it } from 'vitest';
import { loadQueryReader, marks, type ReadQuery } from './read-query.ts';

// The speaker's story and situation in a long request (`story-clauses.ts`) are background: their scenery words rank
// (`soft_by: background`), and what is asked for after them stays required.

let read: ReadQuery;
beforeAll(async () => {
  read = await loadQueryReader();
}, 30_000);

describe.each([
  [
    'fires: a sentence closed in the past, before the request',
    [
      [
        '実家の近くの寺に行ったら、紅葉がきれいでした。石段の上に鳥居がある神社の写真を探しています。',
        ['stone_steps', 'torii', 'shrine_building', '~temple_building(background)', '~autumn_leaves(background)'],
      ],
    ],
  ],
  [
    'refuses: a past sentence that asks, or with no scenery word after it',
    [
      ['石畳の坂道が見たかったです。よろしくお願いします。', ['slope_road', 'stone_paving']],
      ['ずっと灯台のある岬を探していました。どこかにありませんか。', ['lighthouse']],
      ['ツタに覆われた壁を見てみたいと思いました。', ['ivy_wall']],
    ],
  ],
  [
    'fires: the sentences before the first that asks',
    [
      [
        '石段の上の小さな神社がずっと心に残っています。鳥居のある神社の写真を見せてください。',
        ['torii', 'shrine_building', '~stone_steps(background)', '~roadside_shrine(background)'],
      ],
    ],
  ],
  [
    'refuses: a request that points back to the sentence before it as its content, or a request first',
    [
      ['石段の上に鳥居が立っている。そんな神社の写真を探しています。', ['stone_steps', 'torii', 'shrine_building']],
      ['鳥居のある神社を探しています。石段が長いところです。', ['torii', 'shrine_building', 'stone_steps']],
      ['石段の上に鳥居が立っている神社。写真ありますか?', ['stone_steps', 'torii', 'shrine_building']],
    ],
  ],
  [
    'fires: a 〜たとき clause whose own predicate is past too',
    [['海沿いの町を旅行したときに見た、防波堤のある漁港', ['fishing_port', 'breakwater', '~sea_view(background)']]],
  ],
  [
    'refuses: a 〜たとき clause before a present predicate (a viewpoint asked for)',
    [['坂道を見下ろしたときに灯台が見える景色', ['slope_road', 'lighthouse']]],
  ],
  [
    'fires: the topic of a study (〜について調べて)',
    [
      [
        '城下町の歴史について調べていて、蔵が並ぶ通りの写真を探しています',
        ['kura_storehouse', '~historic_streetscape(background)'],
      ],
    ],
  ],
  [
    'refuses: について with no verb in its clause, or before a verb of asking',
    [['商店街について、アーケードのある写真を探しています', ['shopping_street', 'covered_arcade']]],
  ],
  [
    'fires: what a scene evokes (思い出す, 思わせる) and what the speaker likes before the request',
    [
      ['工場街を思わせるような、トタン張りの倉庫が続く道', ['tin_siding', 'warehouse', '~factory(background)']],
      ['商店街を思い出すような路地の写真', ['narrow_alley', '~shopping_street(background)']],
      [
        '私は路面電車が大好きで、桜並木と線路が写っている写真を探しています',
        ['cherry_blossoms', 'railway_tracks', '~streetcar(background)'],
      ],
    ],
  ],
  [
    'refuses: a liking that closes its sentence, or with nothing asked after it',
    [
      ['桜が好きです。', ['cherry_blossoms']],
      ['昔から路面電車が大好きで', ['streetcar']],
    ],
  ],
] as [string, [string, string[]][]][])('%s', (_name, cases) => {
  it.each(cases)('%s → %j', (query, expected) => {
    expect(marks(read(query), { rule: true })).toEqual([...expected].sort());
  });
});
