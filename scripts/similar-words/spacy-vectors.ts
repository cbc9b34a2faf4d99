/**
 * Reads the static word vectors of a spaCy model's vocab folder: strings.json (the words), key2row (a MessagePack
 * map from each word's 64-bit hash to a row) and vectors (a NumPy float32 matrix). The PyPI package ja-ginza ships
 * chiVe's vectors (Works Applications, Apache-2.0) this way, pruned to 20 000 rows: the 480 k words each point to
 * the row of their nearest kept word, so words sharing a row were the closest chiVe knew.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from '@msgpack/msgpack';

const M = 0xc6a4a7935bd1e995n;
const MASK = (1n << 64n) - 1n;

/** spaCy's hash of a string: MurmurHash64A of its UTF-8 bytes with seed 1 (its StringStore keys). */
export function spacyHash(text: string): bigint {
  const bytes = Buffer.from(text, 'utf8');
  let h = (1n ^ (BigInt(bytes.length) * M)) & MASK;
  const blocks = bytes.length >> 3;
  for (let i = 0; i < blocks; i++) {
    let k = bytes.readBigUInt64LE(i * 8);
    k = (k * M) & MASK;
    k ^= k >> 47n;
    k = (k * M) & MASK;
    h = ((h ^ k) * M) & MASK;
  }
  const tail = bytes.length & 7;
  if (tail > 0) {
    for (let i = tail - 1; i >= 0; i--) h ^= BigInt(bytes[blocks * 8 + i] as number) << BigInt(8 * i);
    h = (h * M) & MASK;
  }
  h ^= h >> 47n;
  h = (h * M) & MASK;
  return h ^ (h >> 47n);
}

export interface WordVectors {
  width: number;
  rows: number;
  /** Word → its row. */
  rowOf: Map<string, number>;
  /** The words of each row. */
  wordsOf: string[][];
  /** One row, scaled to unit length (a dot product is the cosine). */
  vector(row: number): Float32Array;
}

/** A NumPy .npy float32 matrix (format 1 or 2, C order). */
export function readNpy(buffer: Buffer): { data: Float32Array; rows: number; width: number } {
  if (buffer.toString('latin1', 1, 6) !== 'NUMPY') throw new Error('not a .npy file');
  const major = buffer[6] as number;
  const headerLength = major === 1 ? buffer.readUInt16LE(8) : buffer.readUInt32LE(8);
  const start = (major === 1 ? 10 : 12) + headerLength;
  const header = buffer.toString('latin1', major === 1 ? 10 : 12, start);
  const shape = /'shape':\s*\((\d+),\s*(\d+)\)/.exec(header);
  if (!header.includes("'<f4'") || /'fortran_order':\s*True/.test(header) || !shape)
    throw new Error(`unsupported .npy header ${header.trim()}`);
  const rows = Number(shape[1]);
  const width = Number(shape[2]);
  const data = new Float32Array(rows * width);
  for (let i = 0; i < data.length; i++) data[i] = buffer.readFloatLE(start + 4 * i);
  return { data, rows, width };
}

export function readSpacyVectors(vocabDir: string): WordVectors {
  const strings = JSON.parse(readFileSync(join(vocabDir, 'strings.json'), 'utf8')) as string[];
  // Keys are unsigned 64-bit: read as bigint and kept as decimal strings, the map keys MessagePack allows.
  const key2row = decode(readFileSync(join(vocabDir, 'key2row')), {
    useBigInt64: true,
    mapKeyConverter: (key) => String(key),
  }) as Record<string, number | bigint>;
  const { data, rows, width } = readNpy(readFileSync(join(vocabDir, 'vectors')));
  for (let r = 0; r < rows; r++) {
    const v = data.subarray(r * width, (r + 1) * width);
    const norm = Math.hypot(...v) || 1;
    for (let j = 0; j < width; j++) v[j] = (v[j] as number) / norm;
  }
  const rowOf = new Map<string, number>();
  const wordsOf: string[][] = Array.from({ length: rows }, () => []);
  for (const word of strings) {
    const row = key2row[String(spacyHash(word))];
    if (row === undefined) continue;
    rowOf.set(word, Number(row));
    wordsOf[Number(row)]?.push(word);
  }
  return { width, rows, rowOf, wordsOf, vector: (row) => data.subarray(row * width, (row + 1) * width) };
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += (a[j] as number) * (b[j] as number);
  return s;
}
