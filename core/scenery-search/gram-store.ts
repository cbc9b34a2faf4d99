/**
 * The postings of every gram, frozen into one byte buffer: a bitmap for a gram whose bitmap is smaller than its packed
 * list (roughly, one in eight observations or more hold it), else a packed list (packed-list.ts: 1-2 bytes a posting).
 * At a million observations this is about half the size of plain 32-bit lists and bitmaps above 1/32, and it is what
 * is persisted, so a start loads it as typed-array views.
 */
import { IntIdTable } from './int-table.ts';
import { blockCount, decodeList, type PackedList, packedBytes, packList } from './packed-list.ts';
import type { Postings } from './postings.ts';

export interface GramStore {
  docCount: number;
  /** Key of each gram id (see int-table.ts). */
  keys: Int32Array;
  /** Per gram id: document frequency. */
  df: Uint32Array;
  /** Per gram id: 0 packed list, 1 bitmap. */
  kinds: Uint8Array;
  /** Per gram id: first byte of its data in `data` (a bitmap's is a multiple of 4); id i ends where id i+1 starts. */
  offsets: Float64Array;
  /** Bitmaps and packed lists; its byteOffset is a multiple of 4 so bitmaps are Uint32Array views. */
  data: Uint8Array;
  /** Per gram id: its first block in `heads` / `starts` (packed lists only; n+1 entries). */
  firstBlock: Uint32Array;
  /** Per block of a packed list: its first doc, and where its gaps start relative to the gram's offset. */
  heads: Uint32Array;
  starts: Uint32Array;
}

export function bitmapWords(docCount: number): number {
  return Math.ceil(docCount / 32);
}

/** A bitmap when it is smaller than the packed list; small corpora (tests) keep lists so both forms are exercised. */
function prefersBitmap(list: ArrayLike<number>, docCount: number): boolean {
  return docCount >= 1024 && list.length * 8 > docCount && bitmapWords(docCount) * 4 < packedBytes(list) + 4;
}

/**
 * Freezes sorted doc lists (each doc at most once) into a store. `listOf(id)` is called twice per gram (sizes, then
 * writing), so a caller converting another layout can produce each list on demand instead of holding them all; each
 * list is read before the next is asked for, so it may live in a buffer the caller reuses.
 */
export function packGrams(keys: Int32Array, listOf: (id: number) => ArrayLike<number>, docCount: number): GramStore {
  const n = keys.length;
  const df = new Uint32Array(n);
  const kinds = new Uint8Array(n);
  const offsets = new Float64Array(n + 1);
  const firstBlock = new Uint32Array(n + 1);
  let bytes = 0;
  let blocks = 0;
  for (let id = 0; id < n; id++) {
    const list = listOf(id);
    df[id] = list.length;
    firstBlock[id] = blocks;
    if (prefersBitmap(list, docCount)) {
      kinds[id] = 1;
      bytes = Math.ceil(bytes / 4) * 4;
      offsets[id] = bytes;
      bytes += bitmapWords(docCount) * 4;
    } else {
      offsets[id] = bytes;
      bytes += packedBytes(list);
      blocks += blockCount(list.length);
    }
  }
  offsets[n] = bytes;
  firstBlock[n] = blocks;
  const data = new Uint8Array(Math.ceil(bytes / 4) * 4);
  const heads = new Uint32Array(blocks);
  const starts = new Uint32Array(blocks);
  for (let id = 0; id < n; id++) {
    const list = listOf(id);
    const at = offsets[id] as number;
    if (kinds[id] === 0) packList(list, data, at, heads, starts, firstBlock[id] as number);
    else {
      const bits = new Uint32Array(data.buffer, at, bitmapWords(docCount));
      for (let i = 0; i < list.length; i++) {
        const doc = list[i] as number;
        bits[doc >>> 5] = (bits[doc >>> 5] as number) | (1 << (doc & 31));
      }
    }
  }
  return { docCount, keys, df, kinds, offsets, data, firstBlock, heads, starts };
}

/** A gram's postings as the query side sees them. */
export type GramPostings = { dense: false; list: PackedList } | { dense: true; bits: Uint32Array; size: number };

export function gramPostings(store: GramStore, id: number): GramPostings {
  const at = store.offsets[id] as number;
  if (store.kinds[id] === 1) {
    const bits = new Uint32Array(store.data.buffer, store.data.byteOffset + at, bitmapWords(store.docCount));
    return { dense: true, bits, size: store.df[id] as number };
  }
  return {
    dense: false,
    list: {
      data: store.data,
      at,
      size: store.df[id] as number,
      heads: store.heads,
      starts: store.starts,
      firstBlock: store.firstBlock[id] as number,
    },
  };
}

/** A gram's documents as a sorted list, whichever form it is stored in. */
export function gramDocs(store: GramStore, id: number): Postings {
  const p = gramPostings(store, id);
  return p.dense ? bitmapsToList([p.bits], store.docCount) : decodeList(p.list);
}

/** Bytes the store holds. */
export function storeBytes(store: GramStore): number {
  return store.data.byteLength + store.heads.byteLength + store.starts.byteLength + store.offsets.byteLength;
}

export function bitHas(bits: Uint32Array, doc: number): boolean {
  return (((bits[doc >>> 5] as number) >>> (doc & 31)) & 1) === 1;
}

/** The documents of a bitmap AND-ed with others, as a sorted list. */
export function bitmapsToList(bitmaps: Uint32Array[], docCount: number): Postings {
  const words = bitmapWords(docCount);
  const out = new Uint32Array(docCount);
  let n = 0;
  const first = bitmaps[0] as Uint32Array;
  for (let w = 0; w < words; w++) {
    let word = first[w] as number;
    for (let b = 1; b < bitmaps.length && word !== 0; b++) word &= (bitmaps[b] as Uint32Array)[w] as number;
    while (word !== 0) {
      const low = word & -word;
      out[n++] = w * 32 + (31 - Math.clz32(low));
      word ^= low;
    }
  }
  return out.slice(0, n);
}

/** Writes the documents of a bitmap into `out` in order; returns how many. */
export function bitmapInto(bits: Uint32Array, out: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w] as number;
    while (word !== 0) {
      const low = word & -word;
      out[n++] = w * 32 + (31 - Math.clz32(low));
      word ^= low;
    }
  }
  return n;
}

/** Whether the bitmaps share any document. */
export function bitmapsIntersect(bitmaps: Uint32Array[], docCount: number): boolean {
  const words = bitmapWords(docCount);
  const first = bitmaps[0] as Uint32Array;
  for (let w = 0; w < words; w++) {
    let word = first[w] as number;
    for (let b = 1; b < bitmaps.length && word !== 0; b++) word &= (bitmaps[b] as Uint32Array)[w] as number;
    if (word !== 0) return true;
  }
  return false;
}

/** The id table of a store (rebuilt from its keys, ids in order). */
export function gramTable(keys: Int32Array): IntIdTable {
  const table = new IntIdTable(Math.max(16, keys.length));
  for (const key of keys) table.intern(key);
  return table;
}
