import { beforeAll, describe, expect, it } from 'vitest';
import { namesHeap } from '../../../core/scenery-search/heap-mentions.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** 山 as a heap of loose matter is no mountain; a mountain stays tagged. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('heap mentions', () => {
  it.each([
    ['道の隅に掃き集めた枯れ葉の山がある。', 'mountain_backdrop'],
    ['空き地にゴミの山ができている。', 'mountain_backdrop'],
    ['工事現場の脇に土砂の山が積まれている。', 'mountain_backdrop'],
  ])('tags no mountain for a heap: %s', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).not.toContain(category);
    expect(absent).not.toContain(category);
  });

  it.each([
    ['奥に緑の山が迫っている。', 'mountain_backdrop'],
    ['家並みの向こうに山が見える。', 'mountain_backdrop'],
  ])('keeps a mountain: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['枯れ葉の山', true],
    ['雪の山', true],
    ['緑の山', false],
    ['近くの山', false],
    ['ゴミの山並み', false],
  ])('reads the words before 山: %s', (text, heap) => {
    const at = text.indexOf('山');
    expect(namesHeap(text, at, text.endsWith('山並み') ? at + 3 : at + 1)).toBe(heap);
  });
});
