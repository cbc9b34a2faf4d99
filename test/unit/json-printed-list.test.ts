import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteWriter } from '../../core/json/byte-writer.ts';
import { PrintedList, plainValues } from '../../core/json/printed-list.ts';

const printed = (list: PrintedList<unknown>) => {
  const writer = new ByteWriter(2);
  list.print(writer);
  return Buffer.from(writer.finish()).toString('utf8');
};

function counted<Item>(items: Item[]) {
  const calls = { made: 0 };
  const list = new PrintedList(
    items.length,
    () => {
      calls.made++;
      return items.map((item) => item);
    },
    (writer) => writer.text(JSON.stringify(items)),
  );
  return { list, calls };
}

describe('PrintedList', () => {
  it('answers length and prints without making its items', async () => {
    const { list, calls } = counted([{ a: 1 }, { a: 2 }]);
    const returned = await (async () => list)();
    expect(returned.length).toBe(2);
    expect(printed(returned)).toBe('[{"a":1},{"a":2}]');
    expect(calls.made).toBe(0);
  });

  it('makes its items once, on first read, and JSON.stringify prints them', () => {
    const { list, calls } = counted([{ a: 1 }, { a: 2 }]);
    expect(list.items).toEqual([{ a: 1 }, { a: 2 }]);
    expect(list.items).toBe(list.items);
    expect(JSON.stringify({ results: list })).toBe('{"results":[{"a":1},{"a":2}]}');
    expect(calls.made).toBe(1);
  });

  it('of(items) prints the UTF-8 of JSON.stringify(items)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.jsonValue(), fc.string({ unit: 'binary' }))), (items) => {
        const list = PrintedList.of(items);
        expect(printed(list)).toBe(JSON.stringify(items));
        expect(JSON.stringify(list)).toBe(JSON.stringify(items));
      }),
      { numRuns: 500 },
    );
  });

  it('says so when the items made are not as many as promised', () => {
    const list = new PrintedList(
      2,
      () => [1],
      () => {},
    );
    expect(() => list.items).toThrow(/made 1 items, promised 2/);
  });
});

describe('plainValues', () => {
  it('replaces each PrintedList field by its items and keeps the rest', () => {
    const body = { count: 2, results: PrintedList.of([1, 2]), query: { lat: 35 } };
    const plain = plainValues(body);
    expect(plain).toEqual({ count: 2, results: [1, 2], query: { lat: 35 } });
    expect(Array.isArray(plain.results)).toBe(true);
    expect(plain.query).toBe(body.query);
    expect(body.results).toBeInstanceOf(PrintedList);
  });

  it('gives the body itself when no field is a PrintedList', () => {
    const body = { count: 0, results: [] };
    expect(plainValues(body)).toBe(body);
  });
});
