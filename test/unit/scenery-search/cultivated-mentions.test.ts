import { beforeAll, describe, expect, it } from 'vitest';
import { grownInContainer, namesWildPlants } from '../../../core/scenery-search/cultivated-mentions.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** Flowers in a pot, a planter or a bed are no roadside wild flowers; wild ones elsewhere stay. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('cultivated mentions', () => {
  it.each([
    ['軒先に鉢植えの草花が所狭しと置かれている。', 'roadside_wildflowers'],
    ['プランターの草花が並ぶ。', 'roadside_wildflowers'],
    ['花壇の野草が揺れている。', 'roadside_wildflowers'],
  ])('tags no wild flower for a grown one: %s', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).not.toContain(category);
    expect(absent).not.toContain(category);
  });

  it.each([
    ['石垣の隙間から草花がのぞく。', 'roadside_wildflowers'],
    ['道端の草花が咲いている。', 'roadside_wildflowers'],
  ])('keeps wild flowers: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['鉢植えの', true],
    ['プランターの', true],
    ['花壇の', true],
    ['道端の', false],
    ['石垣の', false],
  ])('reads the words before: %s', (before, grown) => {
    expect(grownInContainer(`${before}草花`, before.length)).toBe(grown);
  });

  it.each([
    [['道端の草花', '野草'], true],
    [['野の花'], true],
    [['鉢植え', '草花'], false],
  ])('reads wild plants from wordings: %j', (wordings, wild) => {
    expect(namesWildPlants(wordings)).toBe(wild);
  });
});
