import { beforeAll, describe, expect, it } from 'vitest';
import { labelsStandstill, statedMoving } from '../../../core/scenery-search/moving-mentions.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** A vehicle said to be moving is no parked or moored one; one said to stand still stays tagged. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('moving mentions', () => {
  it.each([
    ['車道を車がひっきりなしに行き交っている。', 'parked_cars'],
    ['交差点は車の往来が激しい。', 'parked_cars'],
    ['トラックや乗用車で道路が渋滞している。', 'parked_cars'],
    ['車の進入を防ぐポールが立っている。', 'parked_cars'],
    ['広い通りを車が走っている。', 'parked_cars'],
    ['沖を漁船が行き来している。', 'moored_boats'],
  ])('tags no standstill for a vehicle on the move: %s', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).not.toContain(category);
    // Nothing says there is no parked car either.
    expect(absent).not.toContain(category);
  });

  it.each([
    ['路上に車が停まっている。', 'parked_cars'],
    ['道の端に車が何台も並んでいる。', 'parked_cars'],
    ['車が停まっていて通行の邪魔になっている。', 'parked_cars'],
    ['岸壁に漁船が並んでいる。', 'moored_boats'],
  ])('keeps a vehicle at a standstill: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['がひっきりなしに行き交う', true],
    ['の往来', true],
    ['で道路が渋滞', true],
    ['が走っている', true],
    ['が停まっている', false],
    ['が停まっていて通行の邪魔', false],
    ['の横を人が通る', false],
  ])('reads what follows the word: %s', (after, moving) => {
    expect(statedMoving(`車${after}`, 1)).toBe(moving);
  });

  it.each([
    ['路上駐車', true],
    ['係留された船', true],
    ['駐車場', false],
    ['自転車', false],
  ])('a label of a standstill: %s', (label, standstill) => {
    expect(labelsStandstill(label)).toBe(standstill);
  });
});
