import { beforeAll, describe, expect, it } from 'vitest';
import { statedLost } from '../../../core/scenery-search/lost-mentions.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** A word its clause says is lost, or a seen thing a conjugated verb denies, is stated absent, not seen. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('lost and unseen mentions', () => {
  it.each([
    ['人気がなく、活気の失われたうら寂しい町並みだ。', 'lively_street'],
    ['かつての活気を失った商店街が続く。', 'lively_street'],
    ['建物の向こうに海は見えていない。', 'sea_view'],
    ['ここからは海が見えません。', 'sea_view'],
  ])('states absent: %s', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).not.toContain(category);
    expect(absent).toContain(category);
  });

  it.each([
    ['多くの人が行き交い、活気のある商店街だ。', 'lively_street'],
    ['日が暮れて街灯が消えている。', 'street_lights'],
    ['建物の向こうに海が見えている。', 'sea_view'],
    ['坂の上から海が見える。', 'sea_view'],
  ])('keeps what is there: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['の失われた', true],
    ['が途絶えた', true],
    ['をなくした', true],
    ['が消えている', false],
    ['のある', false],
  ])('reads the words after a word: %s → %s', (after, expected) => {
    expect(statedLost(`活気${after}`, 2)).toBe(expected);
  });
});
