import { beforeAll, describe, expect, it } from 'vitest';
import { statedBlocked } from '../../../core/scenery-search/blocked-light-mentions.ts';
import { namesCoverPattern } from '../../../core/scenery-search/cover-mentions.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/**
 * Words that read like a category's description or wording but state something else: mud or a dug hole by a road,
 * houses rising in tiers, a grating's pattern, blocked sunlight, a shutter let down. The category stays untagged,
 * and a sentence that does state it keeps it.
 */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('misread descriptions', () => {
  it.each([
    ['側溝に泥と落ち葉が溜まった道が続く。', 'unpaved_road'],
    ['工事で路面を掘り、深い穴ができている。', 'tunnel'],
    ['工事で路面を掘り、深い穴ができている。', 'cracked_pavement'],
    ['坂の両側に家が段々に積み重なるように建っている。', 'stepped_slope'],
    ['歩道脇の排水溝は格子状の鉄蓋で覆われている。', 'lattice_facade'],
    ['両側のビルに日差しが遮られ、通りは薄暗い。', 'blue_sky'],
    ['道路沿いの店はどこもシャッターを下ろしている。', 'slope_road'],
  ])('tags nothing for %s (%s)', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).not.toContain(category);
    expect(absent).not.toContain(category);
  });

  it.each([
    ['土がむき出しの道が畑の間を続いている。', 'unpaved_road'],
    ['アスファルトの路面に穴が開いている。', 'cracked_pavement'],
    ['段々になった坂を上っていく。', 'stepped_slope'],
    ['段々の坂道が奥へ続いている。', 'stepped_slope'],
    ['町家の正面に木の格子がはまっている。', 'lattice_facade'],
    ['強い日差しが路面を照らしている。', 'blue_sky'],
    ['道路は奥へ緩やかに下っている。', 'slope_road'],
  ])('keeps %s (%s)', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['格子の蓋', true],
    ['格子状のグレーチング', true],
    ['格子模様の鉄蓋', true],
    ['格子の窓', false],
    ['格子がはまる', false],
  ])('reads the words after 格子: %s', (text, cover) => {
    expect(namesCoverPattern(text, 0, 2)).toBe(cover);
  });

  it.each([
    ['日差しが遮られる', 3, true],
    ['日光をさえぎる', 2, true],
    ['日差が遮られる', 2, true],
    ['空が塞がれる', 1, true],
    ['日差しが強い', 3, false],
    ['空が広がる', 1, false],
    ['道が遮られる', 1, false],
  ])('reads a light or sky word stated blocked: %s', (text, end, blocked) => {
    expect(statedBlocked(text, 0, end)).toBe(blocked);
  });
});
