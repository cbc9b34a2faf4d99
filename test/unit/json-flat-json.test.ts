// writeFlatJson against JSON.stringify: the same UTF-8 bytes for scalars and flat plain objects, nothing written
// (false) for anything it leaves to JSON.stringify.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteWriter } from '../../core/json/byte-writer.ts';
import { writeFlatJson } from '../../core/json/flat-json.ts';
import { binaryString } from '../helpers/binary-text.ts';

const scalar = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 1e21, 5e-7),
  binaryString({ maxLength: 40 }),
  fc.string({ maxLength: 120 }),
  fc.boolean(),
  fc.constant(null),
);
const leftOut = fc.constantFrom(undefined, () => 1, Symbol('s'));
const key = fc.oneof(binaryString({ maxLength: 8 }), fc.nat(20).map(String));
const flatObject = fc.dictionary(key, fc.oneof({ weight: 5, arbitrary: scalar }, { weight: 1, arbitrary: leftOut }));

function printed(value: unknown): { wrote: boolean; text: string; length: number } {
  const writer = new ByteWriter(4);
  writer.ascii('[');
  const wrote = writeFlatJson(writer, value);
  return { wrote, text: Buffer.from(writer.finish()).toString('utf8').slice(1), length: writer.length - 1 };
}

describe('writeFlatJson', () => {
  it('writes JSON.stringify(value) for scalars and flat plain objects', () => {
    fc.assert(
      fc.property(fc.oneof(scalar, flatObject), (value) => {
        const { wrote, text } = printed(value);
        expect(wrote).toBe(true);
        expect(text).toBe(JSON.stringify(value));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['a nested object', { lat: 1, query: { a: 1 } }],
    ['an array field', { ids: [1, 2] }],
    ['an array', [1, 2]],
    ['an object with toJSON', { toJSON: () => 'x', a: 1 }],
    ['a Date', new Date(0)],
    ['an object of a class', new (class Point {})()],
    ['undefined', undefined],
    ['a function', () => 1],
    ['a bigint', 1n],
    ['a bigint field', { n: 1n }],
  ])('writes nothing and leaves %s to JSON.stringify', (_, value) => {
    const { wrote, length } = printed(value);
    expect(wrote).toBe(false);
    expect(length).toBe(0);
  });

  it('keeps the writer usable after giving up on a nested value past its growth', () => {
    const writer = new ByteWriter(2);
    writer.ascii('{"a":');
    const long = 'x'.repeat(500);
    expect(writeFlatJson(writer, { first: long, nested: { b: 1 } })).toBe(false);
    writer.ascii('1}');
    expect(Buffer.from(writer.finish()).toString('utf8')).toBe('{"a":1}');
  });
});
