import { describe, expect, it } from 'vitest';
import type { SearchCategory } from '../../../core/scenery-search/categories.ts';
import { buildCategoryMatcher, matcherFor } from '../../../core/scenery-search/evidence.ts';
import { foldForSearch } from '../../../core/scenery-search/normalize.ts';

function category(index: number, id: string, label: string, evidence: string[]): SearchCategory {
  const rest = { label_en: id, group: 'g', synonyms: [], fields: ['summary'], negatable: true };
  return { index, id, label, evidence, ...rest };
}

const wires = category(0, 'wires', '電線', ['電線が空を横切る']);
const poles = category(1, 'poles', '電柱', ['電柱と電線の影', 'ＡＢ電線電線']);
const trees = category(2, 'trees', '街路樹', ['電線の下の街路樹']);
const all = [wires, poles, trees];

// A category's word inside another category's evidence phrase (電線 in 電柱と電線の影) is that phrase's, not a
// sighting of the category; every other category's evidence is read, folded as the observation text is.
describe('evidence matcher: shadows from the other categories', () => {
  it('lists each occurrence of the wording in every other category’s folded evidence, in catalogue order', () => {
    const shadows = buildCategoryMatcher(wires, all).shadows.get('電線');
    expect(shadows).toEqual([
      { phrase: foldForSearch('電柱と電線の影'), offset: 3 },
      { phrase: foldForSearch('ＡＢ電線電線'), offset: 2 },
      { phrase: foldForSearch('ＡＢ電線電線'), offset: 4 },
      { phrase: foldForSearch('電線の下の街路樹'), offset: 0 },
    ]);
  });

  it('does not read the category’s own evidence', () => {
    expect(buildCategoryMatcher(poles, all).shadows.get('電柱')).toBeUndefined();
  });

  it('gives the same shadows from the per-catalogue cache as from a fresh build', () => {
    for (const c of all) expect(matcherFor(c, all).shadows).toEqual(buildCategoryMatcher(c, all).shadows);
  });
});
