import { beforeAll, describe, expect, it } from 'vitest';
import { loadTextTagger, type TagText } from './tag-text.ts';

/** A catalogue wording that is itself negative (日が当たらない) matches negated text only, and names a presence. */
let tag: TagText;
beforeAll(async () => {
  tag = await loadTextTagger();
}, 60_000);

describe('negated wordings', () => {
  it.each([
    ['路地は日が当たらない。', 'shaded_street'],
    ['日が当たらず、ひんやりしている。', 'shaded_street'],
    ['この先は通り抜けできない。', 'dead_end'],
    ['「通り抜けできません」と書かれている。', 'dead_end'],
    ['車の来ない道が続く。', 'pedestrian_street'],
    ['車の通れない坂を上る。', 'stepped_slope'],
    ['長い開かずの踏切がある。', 'railroad_crossing'],
  ])('tags %s as present %s (the negation is the wording, not a denial)', (text, category) => {
    const { present, absent } = tag(text);
    expect(present).toContain(category);
    expect(absent).not.toContain(category);
  });

  it.each([
    ['路地には日が当たっている。', 'shaded_street'],
    ['日が当たる明るい通り。', 'shaded_street'],
    ['この先は通り抜けできる。', 'dead_end'],
    ['車の来る道が続く。', 'pedestrian_street'],
    ['車の通れる坂を上る。', 'stepped_slope'],
  ])('does not tag the affirmative %s as %s', (text, category) => {
    expect(tag(text).present).not.toContain(category);
  });

  it('still reads a denial of the whole negated wording in its clause', () => {
    expect(tag('この辺りに日が当たらない場所はない。')).toEqual({ present: [], absent: ['shaded_street'] });
  });
});
