import { describe, expect, it } from 'vitest';
import {
  belowOne,
  type ConditionEvidence,
  conditionProbability,
  type Evidence,
  judgedEvidence,
  matchProbability,
} from '../../../core/scenery-search/match-probability.ts';
import { HEDGED, SOURCE_CODE } from '../../../core/scenery-search/tag-source.ts';

const hard = (evidence: Evidence, extra: Partial<ConditionEvidence> = {}): ConditionEvidence => ({
  negated: false,
  soft: false,
  rule: 'label',
  evidence,
  ...extra,
});
const none = { found: 0, total: 0 };

describe('match_score as a probability estimate', () => {
  it('trusts a mention the index also tagged more than a word found inside another phrase', () => {
    expect(conditionProbability(hard('mentioned_tagged'))).toBeGreaterThan(conditionProbability(hard('mentioned')));
    expect(conditionProbability(hard('index_tag'))).toBeGreaterThan(conditionProbability(hard('index_word')));
    expect(conditionProbability(hard('not_mentioned'))).toBeLessThan(0.05);
  });

  it('supports a negated condition best by a statement of absence, poorly by silence, not by a mention', () => {
    const absent = conditionProbability(hard('stated_absent', { negated: true }));
    const silent = conditionProbability(hard('not_mentioned', { negated: true }));
    expect(absent).toBeGreaterThan(silent);
    expect(silent).toBeGreaterThan(conditionProbability(hard('mentioned_tagged', { negated: true })));
  });

  it('trusts a tag of the category’s label more than one of a synonym or a hedged statement', () => {
    const label = conditionProbability(hard('index_tag', { source: SOURCE_CODE.label }));
    const synonym = conditionProbability(hard('index_tag', { source: SOURCE_CODE.synonym }));
    expect(label).toBeGreaterThan(synonym);
    expect(label).toBeGreaterThan(conditionProbability(hard('index_tag', { source: SOURCE_CODE.label | HEDGED })));
    // What made a tag says nothing about a condition that must be absent, or one that only ranks.
    const negated = (source: number) => conditionProbability(hard('index_tag', { negated: true, source }));
    expect(negated(SOURCE_CODE.synonym)).toBe(negated(SOURCE_CODE.label));
  });

  it('is lower when the scene names the category only by another wording than the query', () => {
    for (const evidence of ['stated', 'mentioned_tagged', 'index_tag'] as const)
      expect(conditionProbability(hard(evidence, { worded: false }))).toBeLessThan(
        conditionProbability(hard(evidence)),
      );
    // Silence is silence, whatever the wording.
    expect(conditionProbability(hard('not_mentioned', { worded: false }))).toBe(
      conditionProbability(hard('not_mentioned')),
    );
  });

  it('is lower for a reading whose results were right less often than a label', () => {
    expect(conditionProbability(hard('index_tag', { rule: 'synonym' }))).toBeLessThan(
      conditionProbability(hard('index_tag', { rule: 'label' })),
    );
    // A rule the spec does not list counts as the least right one.
    expect(conditionProbability(hard('index_tag', { rule: 'unlisted' }))).toBeLessThanOrEqual(
      conditionProbability(hard('index_tag', { rule: 'synonym' })),
    );
  });

  it('multiplies the conditions of a query; an unmet soft condition costs less than an unmet hard one', () => {
    const one = matchProbability([hard('mentioned_tagged')], 'all', none);
    expect(matchProbability([hard('mentioned_tagged'), hard('mentioned_tagged')], 'all', none)).toBeCloseTo(one * one);
    const softUnmet = matchProbability([hard('mentioned_tagged'), hard('not_mentioned', { soft: true })], 'all', none);
    const hardUnmet = matchProbability([hard('mentioned_tagged'), hard('not_mentioned')], 'all', none);
    expect(softUnmet).toBeLessThan(one);
    expect(softUnmet).toBeGreaterThan(hardUnmet);
  });

  it('counts the kinds one negated word reaches (rule hypernym) as one absence, the least supported of them', () => {
    const place = hard('mentioned_tagged');
    const kind = (evidence: Evidence) => hard(evidence, { negated: true, rule: 'hypernym' });
    const silentKinds = matchProbability([place, kind('not_mentioned'), kind('not_mentioned')], 'all', none);
    expect(silentKinds).toBeCloseTo(matchProbability([place, kind('not_mentioned')], 'all', none));
    const oneShown = matchProbability([place, kind('not_mentioned'), kind('mentioned_tagged')], 'all', none);
    expect(oneShown).toBeCloseTo(matchProbability([place, kind('mentioned_tagged')], 'all', none));
    // Other negated conditions still multiply.
    const named = hard('not_mentioned', { negated: true });
    expect(matchProbability([place, named, named], 'all', none)).toBeLessThan(
      matchProbability([place, named], 'all', none),
    );
  });

  it('lets one category satisfy a preset, and more of them raise it', () => {
    const one = matchProbability([hard('mentioned_tagged'), hard('not_mentioned')], 'any', none);
    const two = matchProbability([hard('mentioned_tagged'), hard('stated')], 'any', none);
    expect(one).toBeGreaterThan(0.8);
    expect(two).toBeGreaterThan(one);
  });

  it('scores a search by words only low, and lower for each word missing', () => {
    const all = matchProbability([], 'all', { found: 2, total: 2 });
    expect(all).toBeLessThan(conditionProbability(hard('index_word')));
    expect(matchProbability([], 'all', { found: 1, total: 2 })).toBeLessThan(all);
    expect(matchProbability([], 'all', none)).toBe(0);
  });

  it('raises a condition on a rare category above one on a common category, never above 1 in all', () => {
    const rare = conditionProbability(hard('index_tag', { share: 0.001 }));
    const common = conditionProbability(hard('index_tag', { share: 0.3 }));
    expect(rare).toBeGreaterThan(common);
    expect(common).toBeGreaterThan(conditionProbability(hard('index_tag')));
    // Rarity speaks for a match only: a rare thing's silence is no surer than a common one's.
    expect(conditionProbability(hard('not_mentioned', { share: 0.001 }))).toBe(
      conditionProbability(hard('not_mentioned')),
    );
    // Rarity says nothing about a condition that must be absent, or one that only ranks.
    expect(conditionProbability(hard('not_mentioned', { negated: true, share: 0.001 }))).toBe(
      conditionProbability(hard('not_mentioned', { negated: true })),
    );
    const rareStated = hard('stated', { share: 1e-6 });
    expect(matchProbability([rareStated, rareStated], 'all', none)).toBeLessThanOrEqual(1);
    expect(matchProbability([rareStated, hard('not_mentioned')], 'any', none)).toBeLessThanOrEqual(1);
  });

  it('keeps an estimate below 1 in its order, unchanged up to the knee', () => {
    expect(belowOne(0.5)).toBe(0.5);
    const raised = [0.95, 1.1, 1.3].map(belowOne);
    expect(raised[0]).toBeLessThan(raised[1] as number);
    expect(raised[1]).toBeLessThan(raised[2] as number);
    expect(raised[2]).toBeLessThan(1);
  });

  it('reads the rubric with the index tag', () => {
    expect([3, 2, 1, 0].map((p) => judgedEvidence(p as 0 | 1 | 2 | 3, true))).toEqual([
      'stated',
      'mentioned_tagged',
      'not_mentioned',
      'stated_absent',
    ]);
    expect(judgedEvidence(2, false)).toBe('mentioned');
  });
});
