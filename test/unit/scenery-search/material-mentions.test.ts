import { beforeAll, describe, expect, it } from 'vitest';
import { namesStructureMaterial } from '../../../core/scenery-search/material-mentions.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** A paving material of a pillar, a gutter or a wall is no road surface; one of the ground stays tagged. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('material mentions', () => {
  it.each([
    ['道沿いにコンクリートの柱が等間隔に立っている。', 'concrete_pavement'],
    ['道の端にコンクリートの溝が通っている。', 'concrete_pavement'],
    ['斜面をコンクリートの土留めが支えている。', 'concrete_pavement'],
    ['川沿いにコンクリートの堤が延びている。', 'concrete_pavement'],
    ['コンクリートの高い壁が続いている。', 'concrete_pavement'],
  ])('tags no pavement for the material of a structure: %s', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).not.toContain(category);
    expect(absent).not.toContain(category);
  });

  it.each([
    ['コンクリートの路面に円形の溝が刻まれている。', 'concrete_pavement'],
    ['インターロッキングの歩道が続いている。', 'interlocking_pavers'],
    ['アスファルトの割れ目から草が生えている。', 'asphalt_pavement'],
    ['歩道にマンホールの蓋がある。', 'manhole_cover'],
  ])('keeps a material of the ground: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['の柱', true],
    ['の古い塀', true],
    ['の土留め', true],
    ['の路面', false],
    ['の歩道', false],
    ['の蓋', false],
  ])('reads the noun after の: %s', (after, structure) => {
    expect(namesStructureMaterial(`コンクリート${after}`, 6)).toBe(structure);
  });
});
