import { describe, expect, it } from 'vitest';
import type { Condition } from '../../../core/scenery-search/interpretation-types.ts';
import { rankedConditions } from '../../../core/scenery-search/scoring.ts';

const condition = (matched_text: string, matched_wording?: string) =>
  ({
    key: 'pedestrian_street',
    weight: 0.9,
    negated: false,
    soft: false,
    matched_text,
    ...(matched_wording ? { matched_wording } : {}),
  }) as Condition;

describe('ranked conditions: the text terms of a condition are not ranked twice', () => {
  it.each([
    ['as written', condition('遊歩道'), ['遊歩道']],
    ['read as a catalogue wording', condition('ゆうほどう', '遊歩道'), ['遊歩道']],
  ])('%s', (_, c, terms) => {
    expect(rankedConditions([c], terms).map((r) => r.key)).toEqual(['pedestrian_street']);
  });

  it('ranks a term no condition wrote as a term of its own', () => {
    expect(rankedConditions([condition('遊歩道')], ['遊歩道', '海']).map((r) => r.key)).toEqual([
      'pedestrian_street',
      'text:海',
    ]);
  });
});
