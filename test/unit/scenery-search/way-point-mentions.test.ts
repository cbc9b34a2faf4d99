import { beforeAll, describe, expect, it } from 'vitest';
import { locatesByWayPoint } from '../../../core/scenery-search/way-point-mentions.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** A bend or a road's end that locates another thing states no winding road and no dead end; the way's shape stays. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('way-point mentions', () => {
  it.each([
    ['カーブの外側にガードレールが設けられている。', 'winding_road'],
    ['カーブの手前に標識が立つ。', 'winding_road'],
    ['奥にT字路があり、突き当たりの塀が見える。', 'dead_end'],
    ['突き当たりの家の壁に看板がある。', 'dead_end'],
  ])('tags nothing for a point locating a thing: %s', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).not.toContain(category);
    expect(absent).not.toContain(category);
  });

  it.each([
    ['カーブが続く山道。', 'winding_road'],
    ['カーブの多い道が見える。', 'winding_road'],
    ['カーブの連続する坂道。', 'winding_road'],
    ['道は突き当たりで終わっている。', 'dead_end'],
  ])('keeps the way described: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['カーブの外側に', 'カーブ', true],
    ['急カーブの先で', '急カーブ', true],
    ['突き当たりの塀', '突き当た', true],
    ['カーブの多い道', 'カーブ', false],
    ['カーブの道', 'カーブ', false],
    ['カーブが続く', 'カーブ', false],
    ['山の外側に', '山', false],
  ])('reads what follows the word: %s', (text, word, locates) => {
    expect(locatesByWayPoint(text, 0, word.length)).toBe(locates);
  });
});
