import { describe, expect, it } from 'vitest';
import { categoryShare, categoryShares } from '../../../core/scenery-search/category-rarity.ts';
import { buildCorpus, tagsOf } from '../../../core/scenery-search/corpus.ts';
import { fixtureObservations, testCatalog } from './fixture.ts';

describe('category rarity', () => {
  it('is the share of the index’s scenes tagged with each category, counted once per index', async () => {
    const corpus = await buildCorpus(fixtureObservations(), testCatalog());
    const docs = Array.from({ length: corpus.size }, (_, doc) => tagsOf(corpus, doc));
    const tagged = [...new Set(docs.flat())];
    expect(tagged.length).toBeGreaterThan(1);
    for (const category of tagged)
      expect(categoryShare(corpus, category)).toBeCloseTo(
        docs.filter((tags) => tags.includes(category)).length / corpus.size,
      );
    expect(categoryShares(corpus)).toBe(categoryShares(corpus));
    // A category no scene has counts as one scene (a finite factor); one outside the catalogue has none.
    const untagged = testCatalog().categories.find((c) => !tagged.includes(c.index));
    if (untagged) expect(categoryShare(corpus, untagged.index)).toBeCloseTo(1 / corpus.size);
    expect(categoryShare(corpus, -1)).toBe(-1);
  });
});
