import { beforeAll, describe, expect, it } from 'vitest';
import { IMPRESSIONS } from '../../../core/scenery-search/impressions.ts';
import { interpret } from '../../../core/scenery-search/interpret.ts';
import type { Interpretation } from '../../../core/scenery-search/interpretation-types.ts';
import { buildLexicon } from '../../../core/scenery-search/lexicon.ts';
import { buildWardMatcher } from '../../../core/scenery-search/places.ts';
import { loadTokenizer, type TokenizeText } from '../../../core/scenery-search/tokenizer.ts';
import { testCatalog } from './fixture.ts';

// The `impression` rule: in prose, an impression beside a concrete condition ranks; in a noun phrase it is required.
// The `activity` rule: what a visitor's action reaches (〜に座ってゆっくりできるような) ranks; its route or place does not.

let tokenize: TokenizeText;
beforeAll(async () => {
  tokenize = await loadTokenizer();
}, 30_000);

function read(query: string): Interpretation {
  const catalog = testCatalog();
  return interpret(
    {
      catalog,
      lexicon: buildLexicon(catalog),
      wards: buildWardMatcher([], () => false),
      tokenize,
      occurs: () => true,
      nowYear: 2026,
      minYear: 1900,
      maxYear: 2026,
    },
    { query, preset: null, wardSent: false, yearsSent: false },
  );
}

/** `id` required, `-id` excluded, `~id(rule)` wished, by the rule that made it soft. */
const marks = (i: Interpretation) =>
  i.conditions
    .map((c) => `${c.soft ? '~' : ''}${c.negated ? '-' : ''}${c.category_id}${c.soft ? `(${c.soft_by})` : ''}`)
    .sort();

describe.each([
  [
    'fires: an impression beside a concrete condition in a sentence closed after its predicate',
    [
      ['懐かしい雰囲気の商店街の写真を探しています。', ['shopping_street', '~nostalgic_scenery(impression)']],
      ['寂れた雰囲気の漂う商店街はありますか？', ['shopping_street', '~run_down(impression)']],
      ['活気のある朝市の写真が見たいです！', ['market', '~lively_street(impression)']],
      [
        'レトロな雰囲気の路地裏を探しています。賑やかな通りは避けたいです。',
        ['narrow_alley', '-lively_street', '~retro_atmosphere(impression)'],
      ],
    ],
  ],
  [
    'refuses: a noun phrase, an impression alone, a state a photograph shows, a sentence left open',
    [
      ['懐かしい雰囲気の商店街', ['nostalgic_scenery', 'shopping_street']],
      ['静かな通りを探しています。', ['quiet_street']],
      ['雨に濡れた路面の商店街を探しています。', ['shopping_street', 'wet_road']],
      ['生活感のある路地、ありますか', ['lived_in', 'narrow_alley']],
      ['静かな住宅街、生垣があればなお良いです', ['quiet_street', 'residential_street', '~hedge(wish)']],
    ],
  ],
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
] as [string, [string, string[]][]][])('%s', (_name, cases) => {
  it.each(cases)('%s → %j', (query, expected) => {
    expect(marks(read(query))).toEqual([...expected].sort());
  });
});

it('names only categories of the catalogue, all of the atmosphere group', () => {
  const byId = testCatalog().byId;
  for (const id of IMPRESSIONS) expect(byId.get(id)?.group, id).toBe('atmosphere');
});
