import { describe, expect, it } from 'vitest';
import { PageTexts } from '../../../core/scenery-search/page-texts.ts';
import { TextIndexBuilder } from '../../../core/scenery-search/text-index-builder.ts';

const OVER_MATCHED = { summary: '坂の上に海が広がる。遠くに人が見える。', analysis: null };
const SAYS_IT = { summary: '坂の上から海が見える。', analysis: null };

/** An index built as the server builds it: no texts kept, so a wording is looked up by its bigrams. */
function servedIndex() {
  const builder = new TextIndexBuilder({ keepTexts: false });
  for (const o of [OVER_MATCHED, SAYS_IT]) builder.addDocument([o.summary]);
  return builder.finish();
}

describe('page texts: exact wording checks over an index without texts', () => {
  it('answers as exact once the text is known, though the document holds every bigram of the wording', () => {
    const index = servedIndex();
    expect(index.exact).toBe(false);
    expect(index.docHasTerm(0, '海が見える')).toBe(true);
    const texts = new PageTexts(index);
    texts.add(0, OVER_MATCHED);
    texts.add(1, SAYS_IT);
    expect([texts.has(0, '海が見える'), texts.has(1, '海が見える')]).toEqual([false, true]);
    expect([texts.doubts(0), texts.doubts(1)]).toEqual([false, false]);
  });

  it.each([
    ['a wording of three characters or more', '海が見える', true],
    ['a bigram, which the index answers as itself', '海が', false],
    ['a single kanji', '坂', false],
  ])('remembers a bigram "yes" given before the text was read as doubtful: %s', (_, term, doubtful) => {
    const texts = new PageTexts(servedIndex());
    expect(texts.has(0, term)).toBe(true);
    expect([texts.doubts(0), texts.knows(0)]).toEqual([doubtful, false]);
    texts.add(0, OVER_MATCHED);
    expect([texts.doubts(0), texts.knows(0)]).toEqual([false, true]);
  });

  it('never doubts a "no": a document lacking one bigram lacks the wording', () => {
    const texts = new PageTexts(servedIndex());
    expect(texts.has(1, '人が見える')).toBe(false);
    expect(texts.doubts(1)).toBe(false);
  });
});
