import { beforeAll, describe, expect, it } from 'vitest';
import { memberWordsOf, statedMany } from '../../../core/scenery-search/member-mentions.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** One shop is no shopping street, one block of flats no housing estate; many of them, or the place's mark, are. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('member mentions', () => {
  it.each([
    ['24時間営業らしき小型の店が右手にある。', 'shopping_street'],
    ['店の前に四角い赤いポストが置かれている。', 'shopping_street'],
    ['10階建てほどの集合住宅が建っている。', 'housing_estate'],
  ])('tags no place of many for one member: %s', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).not.toContain(category);
    expect(absent).not.toContain(category);
  });

  it.each([
    ['ゲートの先に店が並んでいる。', 'shopping_street'],
    ['多くの店が営業している。', 'shopping_street'],
    ['店舗が軒を連ねる。', 'shopping_street'],
    ['通りの店のほとんどがシャッターを下ろしている。', 'shopping_street'],
    ['同じ形の集合住宅が並んでいる。', 'housing_estate'],
    ['道路の両側に同じ形の集合住宅が何棟も建ち並んでいる。', 'housing_estate'],
    ['棟番号の書かれた5階建ての集合住宅が見える。', 'housing_estate'],
    ['商店街の入口が見える。', 'shopping_street'],
  ])('keeps many members and the place’s own words: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['店が並ぶ', '店', true],
    ['店がずらりと並ぶ', '店', true],
    ['店が右手にある', '店', false],
    ['店が数軒並ぶ', '店', true],
    ['数棟の集合住宅が建つ', '集合住宅', true],
    ['10階建ての集合住宅が建つ', '集合住宅', false],
  ])('reads the words around: %s', (text, word, many) => {
    const start = text.indexOf(word);
    expect(statedMany(text, start, start + word.length)).toBe(many);
  });

  it('reads the places of many from the labels', () => {
    expect(memberWordsOf('商店街')?.has('店')).toBe(true);
    expect(memberWordsOf('団地')?.has('集合住宅')).toBe(true);
    expect(memberWordsOf('マンション')).toBeNull();
  });
});
