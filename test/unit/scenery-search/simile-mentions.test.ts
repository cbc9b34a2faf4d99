import { beforeAll, describe, expect, it } from 'vitest';
import { likenedView } from '../../../core/scenery-search/simile-mentions.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** What the whole view is likened to is no sighting; a thing in view and a mood stated by a simile stay tagged. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('simile mentions', () => {
  it.each([
    ['背の高い木々に囲まれ、山の中のような景色だ。', 'mountain_backdrop'],
    ['人出が多く、繁華街のような様子だ。', 'shopping_street'],
    ['木々が茂り、公園のような景色だ。', 'park'],
  ])('tags nothing for what the view is likened to: %s', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).not.toContain(category);
    expect(absent).not.toContain(category);
  });

  it.each([
    ['昭和のような雰囲気が漂う路地だ。', 'retro_atmosphere'],
    ['奥に緑の山が迫っている。', 'mountain_backdrop'],
    ['繁華街の一角に飲み屋が並ぶ。', 'shopping_street'],
  ])('keeps a thing in view and a mood: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['の中のような景色', true],
    ['のような様子', true],
    ['みたいな風景', true],
    ['のような形の岩', false],
    ['の中を歩く', false],
  ])('reads what follows the word: %s', (after, likened) => {
    expect(likenedView(`山${after}`, 1)).toBe(likened);
  });
});
