import { describe, expect, it } from 'vitest';
import type { Condition, IgnoredWording, Interpretation } from '../../../core/scenery-search/interpretation-types.ts';
import { READ_SHARE } from '../../../core/scenery-search/match-probability.ts';
import { readShare, readShareFactor } from '../../../core/scenery-search/read-share.ts';

const condition = (matched_text: string, extra: Partial<Condition> = {}): Condition => ({
  key: matched_text,
  category_id: matched_text,
  label: matched_text,
  label_en: matched_text,
  group: 'street',
  matched_text,
  matched_by: 'label',
  rule: 'label',
  weight: 1,
  negated: false,
  soft: false,
  confidence: 1,
  origin: 'query',
  ...extra,
});

const reading = (
  conditions: Condition[],
  text_terms: string[],
  ignored: IgnoredWording[] = [],
  places: string[] = [],
): Interpretation => ({
  normalized_query: 'q',
  source: 'query',
  conditions,
  text_terms,
  places: places.map((matched_text) => ({ matched_text, ward: 'w', applied: true })),
  years: [],
  ignored,
  preset_set_aside: false,
  request_not_scenery: null,
  text_only: conditions.length === 0,
  unverified_conditions: [],
  preferred: [],
  match_confidence: 1,
  combine: 'all',
});

describe('the share of a query its interpretation read', () => {
  it.each([
    ['every word a condition', reading([condition('商店街'), condition('踏切')], ['商店街', '踏切']), 1],
    ['a reading by meaning is read', reading([condition('ゆうほどう', { matched_wording: '遊歩道' })], ['遊歩道']), 1],
    [
      'soft and negated conditions are read',
      reading([condition('桜', { soft: true }), condition('電柱', { negated: true })], []),
      1,
    ],
    ['a place is read', reading([condition('坂道')], ['坂道', '古い'], [], ['谷中']), 4 / 6],
    ['a word left to the text', reading([condition('路地')], ['路地', '続く']), 0.5],
    [
      'words set aside',
      reading(
        [condition('川沿い')],
        ['川沿い'],
        [
          { text: '旅館', reason: 'not_scenery' },
          { text: '柳', reason: 'not_scenery' },
          { text: 'の', reason: 'function_word' },
          { text: '川沿い', reason: 'duplicate' },
        ],
      ),
      0.5,
    ],
    ['nothing to read', reading([], []), 1],
  ])('%s', (_, interpretation, share) => {
    expect(readShare(interpretation)).toBeCloseTo(share);
  });

  it('discounts only a query read below the threshold, by its share over it', () => {
    const mostlyRead = reading([condition('商店街')], ['商店街', '古い']);
    expect(readShareFactor(mostlyRead)).toBe(1);
    const barelyRead = reading(
      [condition('川')],
      ['川'],
      [
        { text: '家族旅行', reason: 'not_scenery' },
        { text: '温泉街', reason: 'not_scenery' },
        { text: '楽しみ', reason: 'not_scenery' },
      ],
    );
    expect(readShare(barelyRead)).toBeLessThan(READ_SHARE);
    expect(readShareFactor(barelyRead)).toBeCloseTo(readShare(barelyRead) / READ_SHARE);
  });
});
