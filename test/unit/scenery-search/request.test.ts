import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { resolveRequest, type SearchBody } from '../../../core/scenery-search/request.ts';

// The engine is called without the HTTP router (scripts, benches, tests): it must answer a body the way the API
// documents, with the spec's defaults, bounds and error codes.

type Json = Record<string, any>;
const document = load(readFileSync(new URL('../../../spec/scenery-search.openapi.yaml', import.meta.url), 'utf8'), {
  schema: CORE_SCHEMA,
}) as Json;
const properties = document.components.schemas.SearchRequest.properties as Json;

function problem(body: unknown): { code: string; field?: string; message: string; recovery?: string } | null {
  try {
    resolveRequest(body as SearchBody);
    return null;
  } catch (error) {
    return error as { code: string; field?: string; message: string; recovery?: string };
  }
}

describe('search request: defaults', () => {
  it('resolves every omitted key to the default SearchRequest gives it', () => {
    const resolved = resolveRequest({ query: '坂' }) as unknown as Json;
    const defaulted = Object.entries(properties).filter(([, schema]) => 'default' in schema);
    expect(defaulted.map(([key]) => key).sort()).toEqual(
      ['bbox', 'cursor', 'limit', 'mode', 'preset', 'ward', 'year_from', 'year_to'].sort(),
    );
    for (const [key, schema] of defaulted) expect(resolved[key], key).toEqual(schema.default);
  });

  it('keeps the values that were sent', () => {
    const body = { query: '坂', ward: '中央区', year_from: 0, year_to: 2015, mode: 'text', limit: 3 } as const;
    expect(resolveRequest(body)).toMatchObject(body);
  });
});

describe('search request: the spec rules, answered as the API answers them', () => {
  it.each([
    [{ query: '坂', limit: 0 }, 'limit'],
    [{ query: '坂', limit: properties.limit.maximum + 1 }, 'limit'],
    [{ query: '坂', year_from: 1999 }, 'year_from'],
    [{ query: '坂', year_from: properties.year_from.maximum + 1 }, 'year_from'],
    [{ query: '坂', year_to: properties.year_to.minimum - 1 }, 'year_to'],
    [{ query: '坂', bbox: [135, 35, 136] }, 'bbox'],
    [{ query: '坂', bbox: [136, 34, 135, 35] }, 'bbox'],
    [{ query: '坂', bbox: [135, 35, 136, 34] }, 'bbox'],
    [{ query: '坂', mode: 'fast' }, 'mode'],
    [{ query: '坂', cursor: 'ABC' }, 'cursor'],
    [{ query: '坂', preset: 'castle' }, 'preset'],
    [{ query: '坂', ward: 'x'.repeat(properties.ward.maxLength + 1) }, 'ward'],
    [{ query: 'x'.repeat(properties.query.maxLength + 1) }, 'query'],
    [{ query: ' \t' }, 'query'],
    [{ query: 7 }, 'query'],
    // invalid_parameter comes before query_or_preset_required
    [{ mode: 'text', limit: 99 }, 'limit'],
  ])('%j is 400 invalid_parameter naming %s', (body, field) => {
    expect(problem(body)).toMatchObject({ code: 'invalid_parameter', field });
  });

  it('counts the query length in code points, as the spec does', () => {
    expect(problem({ query: '𠮷'.repeat(properties.query.maxLength) })).toBeNull();
  });

  it('names the bounds in its messages and the bbox member that is out of range', () => {
    expect(problem({ query: '坂', limit: 0 })?.message).toContain(String(properties.limit.maximum));
    expect(problem({ query: '坂', bbox: [135, 95, 136, 36] })?.message).toMatch(/^bbox\[1\] .*±90/);
  });

  it('says how to recover from a bbox out of order: split it at the antimeridian, or swap south and north', () => {
    const across = problem({ query: '坂', bbox: [179.5, -17, -179.5, -16] });
    expect(across?.recovery).toContain('[179.5, -17, 180, -16] and [-180, -17, -179.5, -16]');
    expect(problem({ query: '坂', bbox: [135, 35, 136, 34] })?.recovery).toMatch(/^Swap south and north/);
    expect(problem({ query: '坂', bbox: [135, 35, 135, 35] })).toBeNull();
  });

  it('accepts year_from 0 and the bounds of the ranges', () => {
    expect(problem({ query: '坂', year_from: 0, year_to: properties.year_to.minimum })).toBeNull();
    expect(
      problem({ query: '坂', year_from: properties.year_from.maximum, limit: properties.limit.maximum }),
    ).toBeNull();
  });

  it('answers a key SearchRequest does not list with unknown_field naming it', () => {
    expect(problem({ query: '坂', colour: 'red' })).toMatchObject({ code: 'unknown_field', field: 'colour' });
  });

  it('answers a body with neither a query nor a non-null preset with query_or_preset_required', () => {
    expect(problem({ preset: null })).toMatchObject({ code: 'query_or_preset_required' });
    expect(problem({ mode: 'text' })).toMatchObject({ code: 'query_or_preset_required' });
    expect(problem({ preset: 'shrine' })).toBeNull();
  });

  it('answers a body that is not an object with invalid_json', () => {
    expect(problem(null)).toMatchObject({ code: 'invalid_json' });
    expect(problem(['坂'])).toMatchObject({ code: 'invalid_json' });
  });
});
