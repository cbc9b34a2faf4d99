import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../core/errors.ts';
import { parseInclude } from '../../../core/layer/include.ts';
import { assertSearchableName } from '../../../core/layer/name-query.ts';
import { areaIncludes, streetIncludes } from '../../../core/layer/spec-rules.ts';

describe('parseInclude', () => {
  it.each([
    [undefined, []],
    ['profile', ['profile']],
    ['profile,axis,edges,versions', ['axis', 'edges', 'profile', 'versions']],
    ['edges,edges', ['edges']],
  ])('street include %j is %j', (text, words) => {
    expect([...parseInclude(text, streetIncludes)].sort()).toEqual(words);
  });

  it.each([
    ['', streetIncludes],
    ['karte', streetIncludes],
    ['profile,', streetIncludes],
    ['versions', areaIncludes],
    ['Profile', areaIncludes],
  ])('%j is a 400 naming include', (text, allowed) => {
    const thrown = (() => {
      try {
        parseInclude(text, allowed);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ code: 'invalid_parameter', field: 'include' });
  });
});

describe('assertSearchableName', () => {
  it.each([' ', '\u3000', ' \u3000 ', '\t'])('q %j (spaces only) is a 400 naming q', (q) => {
    expect(() => assertSearchableName(q)).toThrow(expect.objectContaining({ code: 'invalid_parameter', field: 'q' }));
  });

  it.each(['本町', ' 本町 ', '%', '\u2F2D'])('q %j is searchable', (q) => {
    expect(() => assertSearchableName(q)).not.toThrow();
  });
});
