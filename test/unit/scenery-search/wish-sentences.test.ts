import { beforeAll, describe, expect, it } from 'vitest';
import { loadQueryReader, marks, type ReadQuery } from './read-query.ts';

// A sentence closed by a wish's evaluation after a conditional (`wish-sentences.ts`) ranks its scenery words
// (`soft_by: wish`) when another sentence asks for scenery outright; alone, it is the request.

let read: ReadQuery;
beforeAll(async () => {
  read = await loadQueryReader();
}, 30_000);

describe.each([
  [
    'fires: a wish sentence beside a sentence that asks, however far its words stand from the evaluation',
    [
      [
        'ホーロー看板のある路地の写真を探しています。懐かしい気持ちになれるような場所だととてもうれしいです。',
        ['enamel_signs', 'narrow_alley', '~nostalgic_scenery(wish)'],
      ],
      [
        '石畳の坂道を探しています。街灯が並んでいる通りだと、なお良いのですが。',
        ['stone_paving', 'slope_road', '~street_lights(wish)'],
      ],
    ],
  ],
  [
    'fires: a negation inside it becomes a wish for the absence (助かります, the polite stem of 助かる)',
    [
      [
        'トタン張りの倉庫の写真を探しています。車が写っていないものだと助かります。',
        ['tin_siding', 'warehouse', '~-parked_cars(wish)'],
      ],
    ],
  ],
  [
    'refuses: a wish sentence that is the only request',
    [
      [
        '身近な街の風景をスケッチしています。銭湯ののれんが写っている写真があると、とても助かります。',
        ['sento_bathhouse', 'noren'],
      ],
    ],
  ],
  [
    'refuses: a wish that reaches the photograph itself or a verb of asking (a request politely put)',
    [
      ['石段のある神社の写真を見せていただけると幸いです。', ['shrine_building', 'stone_steps']],
      [
        '石畳の坂道を探しています。鳥居のある神社の写真があると助かります。',
        ['stone_paving', 'slope_road', 'torii', 'shrine_building'],
      ],
    ],
  ],
  [
    'refuses: a sentence whose evaluation is not its last predicate, or an evaluation after no conditional',
    [
      ['神社の写真を探しています。紅葉がきれいだとうれしくなります。', ['autumn_leaves', 'shrine_building']],
      ['石段の写真を探しています。鳥居がいいです。', ['stone_steps', 'torii']],
    ],
  ],
] as [string, [string, string[]][]][])('%s', (_name, cases) => {
  it.each(cases)('%s → %j', (query, expected) => {
    expect(marks(read(query), { rule: true })).toEqual([...expected].sort());
  });
});
