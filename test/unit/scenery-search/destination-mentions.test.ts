import { beforeAll, describe, expect, it } from 'vitest';
import { namesDestination } from '../../../core/scenery-search/destination-mentions.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** A place named as where a way leads is no sighting; one the sentence places in view stays tagged. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('destination mentions', () => {
  it.each([
    ['神社へ向かう古い石段が続いている。', 'shrine_building'],
    ['お寺へ向かう参道に土産物屋が並ぶ。', 'temple_building'],
    ['歩道が駅前まで続いている。', 'train_station'],
    ['並木が公園まで延びている。', 'park'],
    ['高台への避難路を示す看板が立っている。', 'hilltop_view'],
    ['この道は駅に通じている。', 'train_station'],
    ['「駅方面」と書かれた案内標識がある。', 'train_station'],
    ['駅行きのバスが停まっている。', 'train_station'],
  ])('tags no place a way leads to: %s', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).not.toContain(category);
    // Nothing says the place is absent either.
    expect(absent).not.toContain(category);
  });

  it.each([
    ['坂の上に神社が見える。', 'shrine_building'],
    ['道が緩やかにうねりながら奥の坂へ消えていく。', 'slope_road'],
    ['河川敷へ下りる斜面の芝生が見える。', 'river_levee'],
    ['海に向かって緩やかに下る坂の途中から、海が見える。', 'sea_view'],
    ['高台から海まで見渡せる。', 'sea_view'],
    ['駅前の広場にタクシーが並ぶ。', 'train_station'],
    ['高台から海への眺望が開けている。', 'sea_view'],
    ['道の先は行き止まりになっている。', 'dead_end'],
  ])('keeps a place the sentence places in view: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['へ向かう', true],
    ['へむかう', true],
    ['に至る道', true],
    ['まで伸びる', true],
    ['までまっすぐ続く', true],
    ['への参道', true],
    ['方面', true],
    ['行きのバス', true],
    ['へ消えていく', false],
    ['に向かって下る', false],
    ['まで見渡せる', false],
    ['まで見える道が続く', false],
    ['行き止まり', false],
    ['行き交う', false],
    ['へのびる', false],
    ['への眺め', false],
  ])('reads the words after a place: %s → %s', (after, expected) => {
    expect(namesDestination(`駅${after}`, 1)).toBe(expected);
  });
});
