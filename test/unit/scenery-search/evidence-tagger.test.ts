import { beforeAll, describe, expect, it } from 'vitest';
import {
  assessCategory,
  foldObservation,
  matcherFor,
  registerTagger,
  statementOf,
} from '../../../core/scenery-search/evidence.ts';
import { loadTagger } from '../../../core/scenery-search/observation-tagger.ts';
import { testCatalog } from './fixture.ts';

/**
 * How assessCategory's callers read the tagger: statementOf leaves it unread when the index did not tag the category,
 * and a page's observations share its spans.
 */
const catalog = testCatalog();
beforeAll(async () => {
  registerTagger(catalog.categories, await loadTagger(catalog));
}, 60_000);

const matcher = (id: string) =>
  matcherFor(catalog.byId.get(id) as NonNullable<ReturnType<typeof catalog.byId.get>>, catalog.categories);
const folded = (summary: string) => foldObservation({ summary, analysis: null });

describe('statementOf', () => {
  it.each([
    ['stated by meaning only (石段 as 石の段)', '古びた石の段が上へ続く。', 'stone_steps'],
    ['stated by its evidence', '道路脇に電柱が立っている。', 'utility_poles'],
    ['denied', '電柱や電線は見当たらない。', 'utility_poles'],
    ['not mentioned', '静かな住宅街の道。', 'stone_steps'],
  ])('is assessCategory’s finding when it states the category, else null: %s', (_, text, id) => {
    const finding = assessCategory(folded(text), matcher(id));
    expect(statementOf(folded(text), matcher(id), true)).toEqual(finding.presence >= 2 ? finding : null);
  });

  it('does not run the tagger for a category the index did not tag, and finds no statement by meaning then', () => {
    const doc = folded('古びた石の段が上へ続く。');
    expect(statementOf(doc, matcher('stone_steps'), false)).toBeNull();
    expect(doc.tagged).toBeUndefined();
    expect(statementOf(doc, matcher('stone_steps'), true)?.presence).toBeGreaterThanOrEqual(2);
    expect(doc.tagged).toBeDefined();
  });

  it('still finds a statement by evidence or wording without the tagger', () => {
    const doc = folded('道路脇に電柱が立っている。');
    expect(statementOf(doc, matcher('utility_poles'), false)).toEqual(assessCategory(doc, matcher('utility_poles')));
    expect(doc.tagged).toBeUndefined();
  });
});

describe('the tagger’s spans within one page', () => {
  it('are read once per leaf text for the page’s observations, and are those of a text read alone', () => {
    const page = new Map();
    const text = '古びた石の段が上へ続く。';
    const first = foldObservation({ summary: text, analysis: { steps: text } }, page);
    const second = foldObservation({ summary: text, analysis: null }, page);
    assessCategory(first, matcher('stone_steps'));
    assessCategory(second, matcher('stone_steps'));
    expect(second.tagged?.[0]).toBe(first.tagged?.[0]);
    expect(first.tagged?.[1]).toBe(first.tagged?.[0]);
    const alone = folded(text);
    assessCategory(alone, matcher('stone_steps'));
    expect(alone.tagged?.[0]).not.toBe(first.tagged?.[0]);
    expect(first.tagged?.[0]).toEqual(alone.tagged?.[0]);
  });
});
