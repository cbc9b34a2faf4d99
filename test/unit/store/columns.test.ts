import { describe, expect, it } from 'vitest';
import { readSchema } from '../../../core/release/schemas.ts';
import { RELEASE_TABLES } from '../../../core/release/tables.ts';
import { loadColumns, rowColumns, rowValues } from '../../../core/store/columns.ts';

describe('release table columns', () => {
  it('are the schema properties, plus release_id first and derived columns last', () => {
    for (const table of RELEASE_TABLES) {
      const properties = Object.keys(readSchema(table).properties as object);
      expect(rowColumns(table)).toEqual(properties);
      expect(loadColumns(table).slice(0, properties.length + 1)).toEqual(['release_id', ...properties]);
    }
    expect(loadColumns('schools').at(-1)).toBe('name_normalized');
  });

  it('turn a row into values in load order, computing the normalized name', () => {
    const values = rowValues(
      'schools',
      'r1',
    )({ school_id: 'sch_01234567', name: 'ＡＢＣ　小学校', lat: 34.6, lon: 135 });
    expect(values).toEqual(['r1', 'sch_01234567', 'ＡＢＣ　小学校', 34.6, 135, 'abc小学校']);
  });
});
