import { describe, expect, it } from 'vitest';
import { DEFAULT_QUALITY, type Quality } from '../../../core/data/quality.ts';
import { checkYearRange, resolvePolicy, yearInRange } from '../../../core/scenes/filters.ts';
import { fakeContext, makeLayer } from './scenes-fixture.ts';

// Year ranges and the quality policy as scene endpoints resolve them (legacy gen included).

describe('year range', () => {
  it.each([
    [undefined, undefined, { from: null, to: null }],
    [2018, undefined, { from: 2018, to: null }],
    [undefined, 2018, { from: null, to: 2018 }],
    [2018, 2018, { from: 2018, to: 2018 }],
  ])('year_from %j year_to %j', (from, to, range) => {
    expect(checkYearRange(from, to)).toEqual(range);
  });

  it('year_to below year_from is 400 naming year_to', () => {
    expect(() => checkYearRange(2020, 2019)).toThrow(
      expect.objectContaining({ code: 'invalid_parameter', field: 'year_to' }),
    );
  });

  it.each([
    [null, { from: null, to: null }, true],
    [null, { from: 2000, to: null }, false],
    [1999, { from: 2000, to: null }, false],
    [2000, { from: 2000, to: 2000 }, true],
    [2001, { from: null, to: 2000 }, false],
  ])('capture year %j in %j: %j', (year, range, inside) => {
    expect(yearInRange(year, range)).toBe(inside);
  });
});

describe('policy', () => {
  const layer = makeLayer([{ id: '1', lat: 0, lon: 0 }]);
  // What validation hands over: quality's default filled in when the request has none.
  const validated = (query: { quality?: Quality; generation?: string; gen?: string }) => ({
    quality: DEFAULT_QUALITY,
    ...query,
  });

  it.each([
    [{}, [], { requested: 'released', generation: null, experimental_included: false }, []],
    [
      { quality: 'include_experimental' as const },
      [],
      { requested: 'include_experimental', generation: null, experimental_included: true },
      [],
    ],
    [
      { generation: 'gen1-hostedvl' },
      ['generation'],
      { requested: 'released', generation: 'gen1-hostedvl', experimental_included: false },
      [],
    ],
    [
      { gen: 'gen1-hostedvl' },
      ['gen'],
      { requested: 'released', generation: 'gen1-hostedvl', experimental_included: false },
      ['legacy parameter gen is deprecated; use generation'],
    ],
    [
      { gen: 'gen1-hostedvl', generation: 'gen2-localvl' },
      ['gen', 'generation'],
      { requested: 'released', generation: 'gen2-localvl', experimental_included: false },
      ['legacy parameter gen was ignored because generation was also given'],
    ],
  ])('%j → %j', (query, given, policy, warnings) => {
    const ctx = fakeContext(given);
    expect(resolvePolicy(validated(query), ctx, layer.light).policy).toEqual(policy);
    expect(ctx.warnings).toEqual(warnings);
  });

  it.each([
    [{ generation: 'gen9-nothing' }, ['generation'], 'generation'],
    [{ gen: 'gen9-nothing' }, ['gen'], 'gen'],
  ])('an unknown generation %j is 400 naming the parameter used', (query, given, field) => {
    expect(() => resolvePolicy(validated(query), fakeContext(given), layer.light)).toThrow(
      expect.objectContaining({ code: 'invalid_parameter', field }),
    );
  });
});
