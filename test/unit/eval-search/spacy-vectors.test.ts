import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cosine, readSpacyVectors, spacyHash } from '../../../scripts/similar-words/spacy-vectors.ts';

// The reader of a spaCy vocab folder that scripts/measure-similar-words.ts uses for chiVe's vectors (ja-ginza).

describe('spacyHash', () => {
  it("gives spaCy's documented StringStore keys", () => {
    expect(spacyHash('coffee')).toBe(3197928453018144401n);
    expect(spacyHash('I')).toBe(4690420944186131903n);
    expect(spacyHash('love')).toBe(3702023516439754181n);
  });

  it('hashes UTF-8 longer than one 8-byte block as keys of the ja-ginza vocabulary', () => {
    // Both are keys of ja-ginza 5.3.0's key2row (9 and 24 bytes: a block with a tail, three whole blocks).
    expect(spacyHash('電線路')).toBe(2853175645674142808n);
    expect(spacyHash('自動列車停止装置')).toBe(9389280931694122793n);
  });
});

/** A .npy file (format 1.0) of float32 rows, its header padded to 128 bytes as NumPy writes it. */
function npy(rows: number[][]): Buffer {
  const dict = `{'descr': '<f4', 'fortran_order': False, 'shape': (${rows.length}, ${rows[0]?.length}), }`;
  const header = `${dict}${' '.repeat(128 - 10 - dict.length - 1)}\n`;
  const data = Buffer.from(Float32Array.from(rows.flat()).buffer);
  const head = Buffer.alloc(10);
  head.write('\x93NUMPY', 0, 'latin1');
  head[6] = 1;
  head[7] = 0;
  head.writeUInt16LE(header.length, 8);
  return Buffer.concat([head, Buffer.from(header, 'latin1'), data]);
}

/** A MessagePack map of uint64 keys to small rows, as spaCy writes key2row. */
function key2row(entries: [string, number][]): Buffer {
  const parts = [Buffer.from([0x80 | entries.length])];
  for (const [word, row] of entries) {
    const key = Buffer.alloc(9);
    key[0] = 0xcf;
    key.writeBigUInt64BE(spacyHash(word), 1);
    parts.push(key, Buffer.from([row]));
  }
  return Buffer.concat(parts);
}

describe('readSpacyVectors', () => {
  const dir = mkdtempSync(join(tmpdir(), 'machimi-spacy-vocab-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('maps each word to its row, groups the words of a row and scales rows to unit length', () => {
    writeFileSync(join(dir, 'strings.json'), JSON.stringify(['路地', '小路', '電柱', '未知']));
    writeFileSync(
      join(dir, 'key2row'),
      key2row([
        ['路地', 0],
        ['小路', 0],
        ['電柱', 1],
      ]),
    );
    writeFileSync(
      join(dir, 'vectors'),
      npy([
        [3, 4, 0],
        [0, 0, 2],
      ]),
    );
    const v = readSpacyVectors(dir);
    expect([v.rows, v.width]).toEqual([2, 3]);
    expect(v.rowOf.get('小路')).toBe(0);
    expect(v.rowOf.has('未知')).toBe(false);
    expect(v.wordsOf).toEqual([['路地', '小路'], ['電柱']]);
    expect([...v.vector(0)].map((x) => Number(x.toFixed(6)))).toEqual([0.6, 0.8, 0]);
    expect(cosine(v.vector(0), v.vector(1))).toBe(0);
    expect(cosine(v.vector(1), v.vector(1))).toBeCloseTo(1, 6);
  });

  it('refuses a matrix it cannot read', () => {
    writeFileSync(join(dir, 'vectors'), Buffer.from('not numpy'));
    expect(() => readSpacyVectors(dir)).toThrow(/\.npy/);
  });
});
