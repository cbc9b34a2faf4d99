import fc from 'fast-check';

// fast-check's own `unit: 'binary'` (any code point outside the surrogates) builds a table of all 1.1 million code
// points the first time a string of it is made, seconds per test file. This unit draws the same code points from the
// same integers, so a seed gives the same strings, and maps a character back to its integer in constant time.

const SURROGATES_FIRST = 0xd800;
const SURROGATES = 0x800;

const binaryUnit = fc.nat({ max: 0x10ffff - SURROGATES }).map(
  (index) => String.fromCodePoint(index < SURROGATES_FIRST ? index : index + SURROGATES),
  (value) => {
    const code = typeof value === 'string' ? value.codePointAt(0) : undefined;
    if (code === undefined || String.fromCodePoint(code) !== value || (code >= SURROGATES_FIRST && code < 0xe000))
      throw new Error('not one code point outside the surrogates');
    return code < SURROGATES_FIRST ? code : code - SURROGATES;
  },
);

/** fc.string({ unit: 'binary', ...constraints }), without the table. */
export function binaryString(constraints: Omit<fc.StringConstraints, 'unit'> = {}): fc.Arbitrary<string> {
  return fc.string({ ...constraints, unit: binaryUnit });
}
