import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../core/errors.ts';
import { parseQuery } from '../../../core/http/query.ts';
import type { ParameterSpec } from '../../../core/spec.ts';

const param = (name: string, type: string): ParameterSpec => ({
  name,
  in: 'query',
  required: false,
  schema: { type },
  description: '',
  deprecated: false,
  onInvalid: undefined,
});
const parameters = [param('limit', 'integer'), param('ratio', 'number'), param('q', 'string')];
const parse = (search: string) => parseQuery(new URLSearchParams(search), parameters);

describe('parseQuery', () => {
  it.each(['limit=10', 'limit=-3', 'limit=007', 'ratio=1', 'ratio=-0.5', 'ratio=35.6895', 'q=1e1', 'q=NaN'])(
    'accepts %s',
    (search) => {
      expect(() => parse(search)).not.toThrow();
    },
  );

  it.each([
    ['limit=1.5', 'limit'],
    ['limit=1e2', 'limit'],
    ['limit=', 'limit'],
    ['limit=+3', 'limit'],
    ['ratio=1e1', 'ratio'],
    ['ratio=NaN', 'ratio'],
    ['ratio=Infinity', 'ratio'],
    ['ratio=+35', 'ratio'],
    ['ratio=35.', 'ratio'],
    ['ratio=.5', 'ratio'],
    ['ratio=0x10', 'ratio'],
    ['limit=1&limit=2', 'limit'],
  ])('rejects %s naming %s', (search, field) => {
    try {
      parse(search);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('invalid_parameter');
      expect((error as ApiError).field).toBe(field);
    }
  });

  it('collects unknown parameters once, in order, without failing', () => {
    expect(parse('zz=1&limit=2&aa=3&zz=4')).toEqual({ values: { limit: '2' }, unknown: ['zz', 'aa'] });
  });
});
