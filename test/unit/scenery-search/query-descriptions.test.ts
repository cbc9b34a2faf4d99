import { beforeAll, describe, expect, it } from 'vitest';
import { loadQueryReader, type ReadQuery } from './read-query.ts';

// The tagger's description rules read a query too (rule `description`): a thing described by its parts, use or state
// in one clause, for a category no wording of the query names.

let read: ReadQuery;
beforeAll(async () => {
  read = await loadQueryReader();
}, 30_000);

/** `id(rule)` of each condition read by a description, sorted. */
const described = (query: string) =>
  read(query)
    .conditions.filter((c) => c.rule === 'description')
    .map((c) => `${c.soft ? '~' : ''}${c.negated ? '-' : ''}${c.category_id}`)
    .sort();

describe.each([
  [
    'fires: a thing described, not named',
    [
      ['シャッターが下りた寂れた商店街', ['shuttered_street']],
      ['シャッターを下ろした店舗が続く通りを探しています', ['shuttered_street']],
      ['川沿いに古い木造の旅館が並んでいるような通りはありますか', ['old_wooden_house']],
    ],
  ],
  [
    'refuses: the category is named, the words reach a named thing, are in two clauses or say what the asker does',
    [
      ['シャッターが下りたシャッター街', []],
      ['近所の商店街が閉まってしまった', []],
      ['シャッターの前に自転車が並び、店は閉まっている', []],
      ['毎朝散歩で通る道がすごく気に入っています', []],
    ],
  ],
  ['a described thing is scoped like a named one', [['できればシャッターが下りた店が並ぶ通り', ['~shuttered_street']]]],
] as [string, [string, string[]][]][])('%s', (_name, cases) => {
  it.each(cases)('%s → %j', (query, expected) => {
    expect(described(query)).toEqual(expected);
  });
});
