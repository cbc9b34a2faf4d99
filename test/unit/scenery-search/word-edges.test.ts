import { beforeAll, describe, expect, it } from 'vitest';
import { loadTextTagger, type TagText } from './tag-text.ts';

/**
 * Where a word of the tagger ends and what its clause says of it: a kana word before らしい or a longer particle, a
 * 一段 verb's bare 連用形 before a comma, a negation that belongs to a noun qualifying the word.
 */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('observation tagger, word edges', () => {
  it.each([
    ['つつじらしき花の植え込みが続く。', 'azaleas'],
    ['さつきらしい低木が並ぶ。', 'azaleas'],
    ['植え込みの花はつつじばかりだ。', 'azaleas'],
  ])('reads a kana word before らしい or a longer particle: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['道路のアスファルトが割れ、草が伸びている。', 'cracked_pavement'],
    ['古い家の窓が割れ、屋根も傷んでいる。', 'abandoned_house'],
  ])('reads a 一段 verb’s bare 連用形 before a comma: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['建物や看板が統一感なく密集している。', 'signboards'],
    ['歩道は車道との段差がない。', 'sidewalk'],
  ])('keeps a word whose negation belongs to a noun qualifying it: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
    expect(tag(text).absent).not.toContain(category);
  });

  it.each([
    ['電柱は一本もない。', 'utility_poles'],
    ['看板は一切ない。', 'signboards'],
    ['歩道はない。', 'sidewalk'],
  ])('still denies a word whose negation counts it: %s', (text, category) => {
    expect(tag(text).absent).toContain(category);
  });
});
