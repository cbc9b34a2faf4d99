import { beforeAll, describe, expect, it } from 'vitest';
import { qualifiesDesign } from '../../../core/scenery-search/design-mentions.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** A mood word that styles one object is no mood of the scene; the mood of a place stays tagged. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('design mentions', () => {
  it.each([
    ['歩道にレトロなデザインの外灯が立っている。', 'retro_atmosphere'],
    ['レトロな柄のタイルが貼られた壁がある。', 'retro_atmosphere'],
    ['レトロな形のポストが置かれている。', 'retro_atmosphere'],
  ])('tags no mood for an object styled so: %s', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).not.toContain(category);
    expect(absent).not.toContain(category);
  });

  it.each([
    ['レトロな雰囲気の商店街が続いている。', 'retro_atmosphere'],
    ['古い木造の店構えがどこかレトロな印象を与える。', 'retro_atmosphere'],
    ['レトロな町並みが残っている。', 'retro_atmosphere'],
  ])('keeps the mood of a place: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['なデザインの外灯', true],
    ['の模様', true],
    ['な柄', true],
    ['な雰囲気', false],
    ['な外観の建物', false],
    ['な印象', false],
  ])('reads what follows the word: %s', (after, design) => {
    expect(qualifiesDesign(`レトロ${after}`, 3)).toBe(design);
  });
});
