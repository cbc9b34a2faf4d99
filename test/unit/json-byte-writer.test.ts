import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteWriter } from '../../core/json/byte-writer.ts';
import { binaryString } from '../helpers/binary-text.ts';
import { expectEqual } from '../helpers/expect-equal.ts';

const printedBytes = (write: (writer: ByteWriter) => void) => {
  const writer = new ByteWriter(2);
  write(writer);
  return writer.finish();
};

const printed = (write: (writer: ByteWriter) => void) => {
  const writer = new ByteWriter(2);
  write(writer);
  return Buffer.from(writer.finish()).toString('utf8');
};

describe('ByteWriter.number prints what JSON.stringify prints', () => {
  it.each([
    0,
    -0,
    1,
    -1,
    1e-6,
    9.99e-7,
    1e-7,
    0.1,
    0.3,
    34.6010293,
    135.0025136,
    -33.8688197,
    94.9,
    359.9,
    2019,
    99_999_999,
    99_999_999.9999999,
    1e8,
    123_456.1234567,
    0.1234567,
    0.12345678,
    1.0000001,
    5e-324,
    Number.MAX_VALUE,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ])('%d', (value) => {
    expect(printed((writer) => writer.number(value))).toBe(JSON.stringify(value));
  });

  it('for any double', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        expectEqual(
          printed((writer) => writer.number(value)),
          JSON.stringify(value),
        );
      }),
      { numRuns: 20_000 },
    );
  });

  it('for decimals of up to 7 fractional digits, as coordinates are stored', () => {
    const decimal = fc
      .tuple(fc.integer({ min: -99_999_999, max: 99_999_999 }), fc.integer({ min: 0, max: 9_999_999 }))
      .chain(([whole, fraction]) =>
        fc
          .integer({ min: 0, max: 7 })
          .map((digits) => Number(`${whole}.${String(fraction).padStart(7, '0').slice(0, digits) || '0'}`)),
      );
    fc.assert(
      fc.property(decimal, (value) => {
        expectEqual(
          printed((writer) => writer.number(value)),
          JSON.stringify(value),
        );
      }),
      { numRuns: 50_000 },
    );
  });
});

describe('ByteWriter', () => {
  it('grows past its capacity and keeps what it wrote', () => {
    const writer = new ByteWriter(4);
    writer.ascii('{"a":');
    writer.bytes(Buffer.from('"日本語の長いテキストが三十二バイトを超える"'));
    writer.jsonString('x"\n');
    writer.text(',"b":"漢字🎌"');
    writer.ascii('}');
    expect(Buffer.from(writer.finish()).toString('utf8')).toBe(
      '{"a":"日本語の長いテキストが三十二バイトを超える""x\\"\\n","b":"漢字🎌"}',
    );
  });

  it('writes any text as Buffer.from encodes it, short ASCII, mixed or long', () => {
    const texts = fc.oneof(
      fc.string({ maxLength: 120 }),
      binaryString({ maxLength: 120 }),
      fc.tuple(fc.string({ maxLength: 100 }), fc.string({ unit: 'grapheme', maxLength: 10 })).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expectEqual(
          Buffer.from(printedBytes((writer) => writer.text(text))).toString('hex'),
          Buffer.from(text, 'utf8').toString('hex'),
        );
      }),
      { numRuns: 5_000 },
    );
  });

  it('writes a text longer than its memory in several steps, surrogate pairs whole', () => {
    const text = '🎌あa'.repeat(5000);
    expect(printed((writer) => writer.text(text))).toBe(text);
  });
});

describe('ByteWriter.jsonString prints what JSON.stringify prints', () => {
  it.each([
    '',
    'a',
    '0f8fad5b-d9cb-469f-a165-70867728950e',
    'quote " inside',
    'back\\slash',
    'tab\tnew\nline',
    '\u007f delete',
    '~ tilde and space ',
    'x'.repeat(96),
    'x'.repeat(97),
    `${'x'.repeat(95)}"`,
    '日本語',
    'é',
  ])('%j', (text) => {
    expect(printed((writer) => writer.jsonString(text))).toBe(JSON.stringify(text));
  });

  it('for any string, short ASCII or not', () => {
    const texts = fc.oneof(fc.string({ maxLength: 80 }), binaryString({ maxLength: 80 }));
    fc.assert(
      fc.property(texts, (text) => {
        expectEqual(
          printed((writer) => writer.jsonString(text)),
          JSON.stringify(text),
        );
      }),
      { numRuns: 5_000 },
    );
  });
});
