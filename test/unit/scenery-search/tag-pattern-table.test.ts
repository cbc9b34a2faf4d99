import { describe, expect, it } from 'vitest';
import type { TagPattern } from '../../../core/scenery-search/tag-pattern.ts';
import { patternTable } from '../../../core/scenery-search/tag-pattern-table.ts';

/** The tagger's patterns by their first two characters: the same patterns, in the same order, as a full scan. */
const pattern = (head: string, category: number, more: string[] = []): TagPattern => ({
  parts: [head, ...more].map((text) => ({ text, conjugates: false })),
  category,
  wording: [head, ...more].join(''),
  kanaOnly: false,
});
const patterns = [
  pattern('石段', 0, ['道']),
  pattern('石', 1),
  pattern('石垣', 2),
  pattern('石段', 3),
  pattern('塀', 4),
];
const categories = (code: string, next: string) =>
  patternTable(patterns)
    .at(code.charCodeAt(0), next === '' ? Number.NaN : next.charCodeAt(0))
    ?.map((p) => p.category);

describe('patternTable', () => {
  it.each([
    ['石', '段', [0, 1, 3]],
    ['石', '垣', [1, 2]],
    ['石', 'の', [1]],
    ['石', '', [1]],
    ['塀', 'の', [4]],
    ['道', '路', undefined],
  ])('at %s then %s: the patterns that may start there, in their order', (code, next, expected) => {
    expect(categories(code, next)).toEqual(expected);
  });

  it('keeps every field of a pattern', () => {
    const [found] = patternTable([{ ...pattern('門', 7), head: 2, source: 'synonym', negated: true }]).at(
      '門'.charCodeAt(0),
      Number.NaN,
    ) as TagPattern[];
    expect(found).toMatchObject({ category: 7, head: 2, source: 'synonym', negated: true, wording: '門' });
    expect(found?.parts[0]).toMatchObject({ text: '門', conjugates: false });
  });
});
