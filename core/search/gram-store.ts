/**
 * The postings of every gram, frozen: a sorted doc list for rare grams and a bitmap for frequent ones (a bitmap of N
 * documents costs N/8 bytes, less than the list once a gram is in more than 1/32 of them). Frequent grams are most of
 * the postings, so this keeps a million observations' index several times smaller. Also what is persisted.
 */
import { IntIdTable } from './int-table.ts';
import type { Postings } from './postings.ts';

export interface GramStore {
  docCount: number;
  /** Key of each gram id (see int-table.ts). */
  keys: Int32Array;
  /** Per gram id: document frequency. */
  df: Uint32Array;
  /** Per gram id: 0 sparse list, 1 bitmap. */
  kinds: Uint8Array;
  /** Per gram id: start of its data in `data` (in 32-bit words); data of id i ends where id i+1 starts. */
  offsets: Float64Array;
  data: Uint32Array;
}

export function bitmapWords(docCount: number): number {
  return Math.ceil(docCount / 32);
}

export function isDense(df: number, docCount: number): boolean {
  return df > 0 && df * 32 > docCount && docCount >= 1024;
}

/** Freezes growable lists into a store (the lists are sorted doc ids, each doc at most once). */
export function freezeGrams(keys: Int32Array, lists: Uint32Array[], counts: Int32Array, docCount: number): GramStore {
  const n = lists.length;
  const df = new Uint32Array(n);
  const kinds = new Uint8Array(n);
  const offsets = new Float64Array(n + 1);
  let words = 0;
  for (let id = 0; id < n; id++) {
    df[id] = counts[id] as number;
    kinds[id] = isDense(df[id] as number, docCount) ? 1 : 0;
    offsets[id] = words;
    words += kinds[id] === 1 ? bitmapWords(docCount) : (df[id] as number);
  }
  offsets[n] = words;
  const data = new Uint32Array(words);
  for (let id = 0; id < n; id++) {
    const list = (lists[id] as Uint32Array).subarray(0, df[id] as number);
    const at = offsets[id] as number;
    if (kinds[id] === 0) data.set(list, at);
    else for (const doc of list) data[at + (doc >>> 5)] = (data[at + (doc >>> 5)] as number) | (1 << (doc & 31));
  }
  return { docCount, keys, df, kinds, offsets, data };
}

/** A gram's postings as the query side sees them. */
export type GramPostings = { dense: false; list: Postings } | { dense: true; bits: Uint32Array; size: number };

export function gramPostings(store: GramStore, id: number): GramPostings {
  const start = store.offsets[id] as number;
  const end = store.offsets[id + 1] as number;
  const view = store.data.subarray(start, end);
  return store.kinds[id] === 1
    ? { dense: true, bits: view, size: store.df[id] as number }
    : { dense: false, list: view };
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
