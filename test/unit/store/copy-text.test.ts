import { describe, expect, it } from 'vitest';
import {
  copyStatement,
  decodeCopyField,
  encodeCopyRow,
  encodeCopyValue,
  forEachCopyRow,
  quoteLiteral,
} from '../../../core/store/copy-text.ts';

describe('COPY text encoding', () => {
  it('writes null as \\N and escapes backslash, tab, newline and carriage return', () => {
    expect(encodeCopyValue(null)).toBe('\\N');
    expect(encodeCopyValue(undefined)).toBe('\\N');
    expect(encodeCopyValue('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(encodeCopyValue('\\N')).toBe('\\\\N'); // the text "\N" is not a null
  });

  it('writes numbers, booleans and big integers as PostgreSQL reads them', () => {
    expect(encodeCopyValue(35.123456789)).toBe('35.123456789');
    expect(encodeCopyValue(true)).toBe('t');
    expect(encodeCopyValue(false)).toBe('f');
    expect(encodeCopyValue(18446744073709551615n)).toBe('18446744073709551615');
    expect(() => encodeCopyValue(Number.NaN)).toThrow(/non-finite/);
  });

  it('writes objects and arrays as JSON (for jsonb), escaped', () => {
    expect(encodeCopyValue({ a: 'x\ty', b: [1, null] })).toBe('{"a":"x\\\\ty","b":[1,null]}');
    expect(encodeCopyValue([[34.6, 135.1]])).toBe('[[34.6,135.1]]');
  });

  it('joins a row with tabs and ends it with a newline', () => {
    expect(encodeCopyRow(['9007199254740993001', null, 1.5, '港区'])).toBe('9007199254740993001\t\\N\t1.5\t港区\n');
  });

  it('refuses identifiers that are not plain names', () => {
    expect(copyStatement('scenes', ['release_id', 'id'], 'STDIN')).toBe('COPY scenes (release_id, id) FROM STDIN');
    expect(() => copyStatement('scenes; DROP TABLE x', ['id'], 'STDIN')).toThrow(/identifier/);
  });

  it('reads COPY text output back: nulls, escapes, rows', () => {
    expect(decodeCopyField('\\N')).toBeNull();
    expect(decodeCopyField('\\\\N')).toBe('\\N');
    expect(decodeCopyField('a\\tb\\\\c\\nd')).toBe('a\tb\\c\nd');
    const value = 'tab\there, back\\slash\nnewline';
    const rows: (string | null)[][] = [];
    const count = forEachCopyRow(encodeCopyRow(['1', null, value]) + encodeCopyRow(['2', '', 'x']), (fields) => {
      rows.push(fields);
    });
    expect(count).toBe(2);
    expect(rows).toEqual([
      ['1', null, value],
      ['2', '', 'x'],
    ]);
    expect(forEachCopyRow('', () => {})).toBe(0);
  });

  it('quotes literals for statements without parameters', () => {
    expect(quoteLiteral("it's")).toBe("'it''s'");
    expect(() => quoteLiteral('a\0b')).toThrow(/NUL/);
  });
});
