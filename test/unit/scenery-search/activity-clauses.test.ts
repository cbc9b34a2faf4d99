import { beforeAll, describe, expect, it } from 'vitest';
import { interpret } from '../../../core/scenery-search/interpret.ts';
import type { Interpretation } from '../../../core/scenery-search/interpretation-types.ts';
import { buildLexicon } from '../../../core/scenery-search/lexicon.ts';
import { buildWardMatcher } from '../../../core/scenery-search/places.ts';
import { loadTokenizer, type TokenizeText } from '../../../core/scenery-search/tokenizer.ts';
import { testCatalog } from './fixture.ts';

// `soft_by` names the rule of each soft reading. The `activity` rule: what a visitor's action reaches (〜に座ってゆっくりできるような) ranks; its route or place does not.

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
    expect(marks(read(query))).toEqual([...expected].sort());
  });
});
