import { describe, expect, it } from 'vitest';
import { CopyReader, decodeUtf8, ownStrings } from '../../../core/store/copy-reader.ts';
import { encodeCopyRow } from '../../../core/store/copy-text.ts';
import { IdTable } from '../../../core/store/id-table.ts';

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe('CopyReader', () => {
  it('reads ids, numbers, nulls, booleans and UTF-8 text with escapes, row by row', () => {
    const text =
      encodeCopyRow(['9007199254740993001', 34.69370000000001, null, true, '中央区']) +
      encodeCopyRow(['18446744073709551615', -0.5, 1996, false, null]) +
      encodeCopyRow(['1', 1e-7, 2026, null, 'tab\there\\back\nline']);
    const reader = new CopyReader(bytesOf(text), 5);
    expect(reader.countRows()).toBe(3);
    const rows: unknown[][] = [];
    while (reader.nextRow()) {
      rows.push([reader.ascii(0), reader.number(1), reader.number(2), reader.boolean(3), decodeUtf8(reader.raw(4))]);
    }
    expect(rows).toEqual([
      ['9007199254740993001', 34.69370000000001, null, true, '中央区'],
      ['18446744073709551615', -0.5, 1996, false, null],
      ['1', 1e-7, 2026, null, 'tab\there\\back\nline'],
    ]);
  });

  it('reads empty output and a last row without a newline', () => {
    const empty = new CopyReader(new Uint8Array(0), 2);
    expect(empty.countRows()).toBe(0);
    expect(empty.nextRow()).toBe(false);
    const reader = new CopyReader(bytesOf('a\t1\nb\t2'), 2);
    expect(reader.countRows()).toBe(2);
    const ids: (string | null)[] = [];
    while (reader.nextRow()) ids.push(reader.ascii(0));
    expect(ids).toEqual(['a', 'b']);
  });

  it('refuses a row with too few or too many fields', () => {
    const few = new CopyReader(bytesOf('a\t1\nb\n'), 2);
    expect(few.nextRow()).toBe(true);
    expect(() => few.nextRow()).toThrow(/2 fields/);
    const many = new CopyReader(bytesOf('a\t1\t2\n'), 2);
    expect(() => many.nextRow()).toThrow(/more than 2 fields/);
  });

  it('tells an escaped "\\N" text from a null', () => {
    const reader = new CopyReader(bytesOf(`${encodeCopyRow(['\\N', null])}`), 2);
    reader.nextRow();
    expect(reader.ascii(0)).toBe('\\N');
    expect(reader.ascii(1)).toBeNull();
  });
});

describe('IdTable', () => {
  it('finds the row of every id and -1 for others', () => {
    const ids = Array.from({ length: 5000 }, (_, row) => String(9007199254740993000n + BigInt(row * 7919)));
    const table = new IdTable(ids);
    for (let row = 0; row < ids.length; row++) expect(table.rowOf(ids[row] as string)).toBe(row);
    expect(table.rowOf('1')).toBe(-1);
    expect(new IdTable([]).rowOf('x')).toBe(-1);
  });
});

describe('ownStrings', () => {
  it('gives back the same texts, nulls, quotes, escapes and characters beyond the BMP included', () => {
    const texts = [null, '', 'mapillary_computed', '中央区', 'a "quoted" \\ back\nslash', '𠮷野家', '\u0000'];
    expect(ownStrings(texts)).toEqual(texts);
  });
});
