/**
 * Sorted doc lists packed in blocks of 128: each block's first doc is kept apart (`heads`, a Uint32Array searched to
 * find the block of a doc), the others as gaps in variable-length bytes (7 bits a byte, high bit = more follows).
 * A gram that one observation in 10-100 holds costs 1-2 bytes a posting instead of 4, and a lookup still reads one
 * block at most; the postings of a million observations shrink by half this way (see gram-store.ts for bitmaps).
 */

export const BLOCK = 128;

/** Where a list's packed bytes and block heads are. */
export interface PackedList {
  data: Uint8Array;
  /** First byte of the list's gaps in `data`. */
  at: number;
  /** Number of docs. */
  size: number;
  /** First doc of each block (`heads[firstBlock + k]`) and where its gaps start, relative to `at`. */
  heads: Uint32Array;
  starts: Uint32Array;
  firstBlock: number;
}

function gapBytes(gap: number): number {
  return gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : gap < 0x10000000 ? 4 : 5;
}

/** Bytes the gaps of a sorted list take once packed (block heads not counted). */
export function packedBytes(list: ArrayLike<number>): number {
  let bytes = 0;
  for (let i = 1; i < list.length; i++) {
    if (i % BLOCK !== 0) bytes += gapBytes((list[i] as number) - (list[i - 1] as number) - 1);
  }
  return bytes;
}

export function blockCount(size: number): number {
  return Math.ceil(size / BLOCK);
}

/** Writes the list at data[at…], its block heads and starts at index `firstBlock`; returns the byte after it. */
export function packList(
  list: ArrayLike<number>,
  data: Uint8Array,
  at: number,
  heads: Uint32Array,
  starts: Uint32Array,
  firstBlock: number,
): number {
  let p = at;
  for (let i = 0; i < list.length; i++) {
    const doc = list[i] as number;
    if (i % BLOCK === 0) {
      const b = firstBlock + i / BLOCK;
      heads[b] = doc;
      starts[b] = p - at;
      continue;
    }
    let gap = doc - (list[i - 1] as number) - 1;
    while (gap >= 0x80) {
      data[p++] = (gap & 0x7f) | 0x80;
      gap = Math.floor(gap / 0x80);
    }
    data[p++] = gap;
  }
  return p;
}

/** Decodes block `k` of the list into `out` (from index `into`); returns how many docs it holds. */
function decodeBlock(list: PackedList, k: number, out: Uint32Array, into: number): number {
  const count = Math.min(BLOCK, list.size - k * BLOCK);
  const data = list.data;
  let p = list.at + (list.starts[list.firstBlock + k] as number);
  let doc = list.heads[list.firstBlock + k] as number;
  out[into] = doc;
  for (let i = 1; i < count; i++) {
    let byte = data[p++] as number;
    let gap = byte & 0x7f;
    let scale = 0x80;
    while (byte >= 0x80) {
      byte = data[p++] as number;
      gap += (byte & 0x7f) * scale;
      scale *= 0x80;
    }
    doc += gap + 1;
    out[into + i] = doc;
  }
  return count;
}

/** The whole list as a sorted Uint32Array. */
export function decodeList(list: PackedList): Uint32Array {
  const out = new Uint32Array(list.size);
  const blocks = blockCount(list.size);
  for (let k = 0; k < blocks; k++) decodeBlock(list, k, out, k * BLOCK);
  return out;
}

/** The last block whose head is <= doc, searched from block `from`; -1 when doc is before the list. */
function blockOf(list: PackedList, doc: number, from = 0): number {
  let lo = from;
  let hi = blockCount(list.size) - 1;
  const heads = list.heads;
  const base = list.firstBlock;
  if (hi < lo || (heads[base + lo] as number) > doc) return lo - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((heads[base + mid] as number) <= doc) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Whether the list holds the doc (reads one block at most, and only up to the doc). */
export function listHas(list: PackedList, doc: number): boolean {
  const k = blockOf(list, doc);
  if (k < 0) return false;
  let at = list.heads[list.firstBlock + k] as number;
  if (at === doc) return true;
  const count = Math.min(BLOCK, list.size - k * BLOCK);
  const data = list.data;
  let p = list.at + (list.starts[list.firstBlock + k] as number);
  for (let i = 1; i < count && at < doc; i++) {
    let byte = data[p++] as number;
    let gap = byte & 0x7f;
    let scale = 0x80;
    while (byte >= 0x80) {
      byte = data[p++] as number;
      gap += (byte & 0x7f) * scale;
      scale *= 0x80;
    }
    at += gap + 1;
  }
  return at === doc;
}

/** Walks a list forward for increasing targets (an intersection's inner lists), decoding each block once. */
export class ListCursor {
  private readonly list: PackedList;
  private readonly buffer = new Uint32Array(BLOCK);
  private block = -1;
  private count = 0;
  private index = 0;

  constructor(list: PackedList) {
    this.list = list;
  }

  /** The first doc >= target from the current position on, or -1 when the list has none. */
  seek(target: number): number {
    if (this.block >= 0 && this.index < this.count && (this.buffer[this.count - 1] as number) >= target) {
      while ((this.buffer[this.index] as number) < target) this.index++;
      return this.buffer[this.index] as number;
    }
    const blocks = blockCount(this.list.size);
    let k = Math.max(0, blockOf(this.list, target, Math.max(0, this.block)));
    for (; k < blocks; k++) {
      this.count = decodeBlock(this.list, k, this.buffer, 0);
      this.block = k;
      this.index = 0;
      while (this.index < this.count && (this.buffer[this.index] as number) < target) this.index++;
      if (this.index < this.count) return this.buffer[this.index] as number;
    }
    this.block = blocks;
    this.count = 0;
    return -1;
  }
}
