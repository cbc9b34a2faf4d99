import { beforeAll, describe, expect, it } from 'vitest';
import { predicatesOtherSubject } from '../../../core/scenery-search/other-subject.ts';
import { loadTextTagger, type TagText } from './tag-text.ts';

/**
 * A description's verb said of another noun (marked by its own が) describes nothing; a verb of the rule's noun
 * does, and a phrase a context rule reads as no sighting (unsighted-mentions.ts) tags nothing when described too.
 */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('description verbs of another subject', () => {
  it.each([
    ['ベランダにクーラーの室外ユニットが並んでいる。', 'apartment_building'],
    ['ベランダには洗濯物が並んでいる。', 'apartment_building'],
  ])('tags nothing when the verb is another noun’s: %s', (text, category) => {
    expect(tag(text).present).not.toContain(category);
  });

  it.each([
    ['ベランダが各階に並んでいる。', 'apartment_building'],
    ['道の両側に住宅が建ち並ぶ。', 'residential_street'],
    ['空には雲がまったくなく、どこまでも青い。', 'blue_sky'],
    ['路面に白い矢印が描かれている。', 'road_markings'],
    ['長く人が住んでいない様子の家屋で、窓ガラスが割れている。', 'abandoned_house'],
    ['駅の周辺には高層マンションが何棟も立ち並んでいる。', 'high_rise_buildings'],
  ])('keeps the verb of the rule’s noun: %s', (text, category) => {
    expect(tag(text).present).toContain(category);
  });

  it.each([
    ['ベランダにクーラーの室外ユニットが並', 4, 18, true],
    ['ベランダが各階に並', 4, 9, false],
    ['家屋で、窓ガラスが割', 2, 10, false],
    ['空には雲がまったくなく、どこまでも青', 1, 19, false],
    ['ベランダが並', 4, 6, false],
  ])('reads the words between: %s', (text, nounEnd, verbStart, other) => {
    expect(predicatesOtherSubject(text, nounEnd, verbStart)).toBe(other);
  });
});

describe('described phrases read by the context rules', () => {
  it.each([
    ['桟橋の脇を遊覧船が行き交っている。', 'moored_boats'],
    ['岸壁に沿ってフェリーが航行している。', 'moored_boats'],
  ])('tags no standstill for boats described moving: %s', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).not.toContain(category);
    expect(absent).not.toContain(category);
  });

  it('keeps boats described at rest', () => {
    expect(tag('桟橋に遊覧船が停泊している。').present).toContain('moored_boats');
  });
});
