import { beforeAll, describe, expect, it } from 'vitest';
import { namesSlopeGround } from '../../../core/scenery-search/slope-ground-mentions.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** A mountain's slope as the ground houses reach is no mountain backdrop; a mountain seen stays. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('slope-ground mentions', () => {
  it.each([
    ['山の中腹まで住宅がひな壇状に続いている。', 'mountain_backdrop'],
    ['山の斜面に家が並んでいる。', 'mountain_backdrop'],
  ])('tags no mountain backdrop for a built slope: %s', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).not.toContain(category);
    expect(absent).not.toContain(category);
  });

  it.each([
    ['山の斜面が紅葉で染まっている。', 'mountain_backdrop'],
    ['家並みの向こうに山が見える。', 'mountain_backdrop'],
  ])('keeps a mountain seen: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['山の中腹まで', true],
    ['山の斜面に', true],
    ['山の斜面が', false],
    ['山の麓に', false],
    ['緑の中腹まで', false],
  ])('reads the words after 山: %s', (text, ground) => {
    expect(namesSlopeGround(text, 0, 1)).toBe(ground);
  });
});
