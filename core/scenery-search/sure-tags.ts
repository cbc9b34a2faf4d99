/**
 * Which full matches are surest by what made their tags (tag-source.ts): a document whose every required category
 * was stated plainly by one of the surest sources (its label, an evidence phrase, an analysis field) is read before
 * the others of its tier (streams.ts), so a page of several conditions shows first the scenes that name them.
 */
import { type Corpus, tagSourceOf } from './corpus.ts';
import type { Condition } from './interpretation-types.ts';
import { isSure } from './tag-source.ts';

/** Whether every positive hard condition's tag on a document comes from a sure source. */
export function sureTagsTest(corpus: Corpus, positive: readonly Condition[]): (doc: number) => boolean {
  const categories = positive.map((c) => corpus.categoryIndex.get(c.category_id) ?? -1);
  return (doc) => {
    for (const category of categories) if (!isSure(tagSourceOf(corpus, doc, category))) return false;
    return true;
  };
}
