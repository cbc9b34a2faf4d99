import { beforeAll, describe, expect, it } from 'vitest';
import { inQuotedName } from '../../../core/scenery-search/quoted-names.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** A word inside a street or district name on a sign is no sighting; a sign naming the thing itself stays tagged. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('quoted names', () => {
  it.each([
    ['道路標識に「海岸通」の文字が読み取れる。', 'sea_view'],
    ['「海岸通り」と書かれた案内板がある。', 'sea_view'],
    ['電柱に「神社前町」の住所表示がある。', 'shrine_building'],
  ])('tags nothing for a word of a quoted name: %s', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).not.toContain(category);
    expect(absent).not.toContain(category);
  });

  it.each([
    ['「稲荷社」と書かれた表示が読み取れる。', 'shrine_building'],
    ['「商店街」と書かれたアーチがある。', 'shopping_street'],
    ['海岸通りから海が見える。', 'sea_view'],
  ])('keeps a sign naming the thing, and a word outside quotes: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['「海岸通」', true],
    ['「海岸通り」', true],
    ['「海岸」', false],
    ['「海岸清掃」', false],
    ['海岸通', false],
  ])('reads the quote around the word: %s', (text, inName) => {
    const at = text.indexOf('海岸');
    expect(inQuotedName(text, at, at + 2)).toBe(inName);
  });
});
