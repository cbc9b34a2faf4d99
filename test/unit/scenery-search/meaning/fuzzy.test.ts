import { describe, expect, it } from 'vitest';
import { FuzzyIndex, withinOneEdit } from '../../../../core/scenery-search/meaning/fuzzy.ts';

describe('withinOneEdit', () => {
  it.each([
    ['横断歩道', '横断歩道', true],
    ['横断歩道', '横段歩道', true], // substitution
    ['ガードレール', 'ガードレル', true], // deletion
    ['歩道', '歩道橋', true], // insertion
    ['横断歩道', '縦断步道', false],
    ['商店街', '商店街通り', false],
  ])('%s ~ %s: %s', (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
    expect(withinOneEdit(b, a)).toBe(expected);
  });
});

describe('FuzzyIndex', () => {
  const index = new FuzzyIndex<string>();
  for (const [key, value] of [
    ['かーぶみらー', 'mirror'],
    ['横断歩道', 'crossing'],
    ['坂', 'slope'],
  ]) {
    index.add(key as string, value as string);
  }
  const values = (word: string) => index.near(word).map((n) => n.value);

  it.each([
    ['横段歩道', ['crossing']],
    ['かーぶみら', ['mirror']],
    ['かぶみらー', ['mirror']], // a dropped 長音 is no edit
    ['かぶみら', ['mirror']],
    ['坂', []], // shorter than the minimum on either side
    ['横断', []],
  ])('%s → %j', (word, expected) => {
    expect(values(word)).toEqual(expected);
  });
});
