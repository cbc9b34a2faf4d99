/**
 * Character n-gram postings over folded observation text: bigrams everywhere, unigrams for non-hiragana characters
 * (so one-kanji words such as 坂 or 橋 can be looked up). A term is found through the intersection of the postings
 * of its bigrams, which is a superset of the documents that contain it; when the index keeps the texts it checks
 * each candidate and the answer is exact (a served index keeps none: a page checks the texts it reads, page-texts.ts).
 * Segments of a document are separated by '\n' and no gram crosses them.
 * Built by text-index-builder.ts; rare grams hold packed doc lists, frequent ones bitmaps (gram-store.ts).
 */
import { LRUCache } from 'lru-cache';
import {
  bitHas,
  bitmapsIntersect,
  bitmapsToList,
  type GramPostings,
  type GramStore,
  gramPostings,
  gramTable,
  storeBytes,
} from './gram-store.ts';
import { bigramKey, type IntIdTable, unigramKey } from './int-table.ts';
import { decodeList, ListCursor, listHas, type PackedList } from './packed-list.ts';
import { contains, EMPTY_POSTINGS, type Postings } from './postings.ts';

export const SEGMENT_SEPARATOR = '\n';

export function isHiragana(code: number): boolean {
  return code >= 0x3041 && code <= 0x309f;
}

/** The gram keys of a folded term, or null when it cannot be looked up (empty, one hiragana, a separator). */
function termKeys(term: string): number[] | null {
  if (term.length === 0 || term.includes(SEGMENT_SEPARATOR)) return null;
  if (term.length === 1) {
    const code = term.charCodeAt(0);
    return isHiragana(code) ? null : [unigramKey(code)];
  }
  const keys: number[] = [];
  for (let i = 0; i + 1 < term.length; i++) keys.push(bigramKey(term.charCodeAt(i), term.charCodeAt(i + 1)));
  return keys;
}

function has(p: GramPostings, doc: number): boolean {
  return p.dense ? bitHas(p.bits, doc) : listHas(p.list, doc);
}

/**
 * A term's per-document test, kept between calls: its grams are resolved once; once it has been asked about many
 * documents (a candidate stream checking each document it reads), its document list, the same set docsContaining
 * answers and caches, is searched instead of decoding a packed block per gram and document.
 */
interface TermTest {
  /** null: the term cannot be found in any document. */
  grams: GramPostings[] | null;
  packed: boolean;
  asked: number;
  docs: Postings | null;
}

/** Per-document checks of a term before its document list is built (a page ranks a few dozen documents). */
const LIST_AFTER = 256;

/**
 * The docs of the shortest list that every other list and bitmap holds: the shortest is decoded, the other lists
 * are walked forward by cursors (each block decoded once at most), bitmaps tested per doc.
 */
function intersectGrams(lists: PackedList[], bitmaps: Uint32Array[]): Postings {
  const sorted = [...lists].sort((a, b) => a.size - b.size);
  const driver = decodeList(sorted[0] as PackedList);
  if (sorted.length === 1 && bitmaps.length === 0) return driver;
  const cursors = sorted.slice(1).map((list) => new ListCursor(list));
  let n = 0;
  outer: for (let i = 0; i < driver.length; i++) {
    const doc = driver[i] as number;
    for (const cursor of cursors) {
      const at = cursor.seek(doc);
      if (at < 0) break outer;
      if (at !== doc) continue outer;
    }
    for (const bits of bitmaps) if (!bitHas(bits, doc)) continue outer;
    driver[n++] = doc;
  }
  return driver.slice(0, n);
}

export class TextIndex {
  readonly store: GramStore;
  private readonly grams: IntIdTable;
  private readonly texts: string[] | null;
  // Term lookups repeat across the pages of one search and across searches; keep the recent ones (by bytes).
  private readonly cache = new LRUCache<string, Postings>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (p) => p.byteLength + 64,
  });
  private readonly tests = new LRUCache<string, TermTest>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (t) => (t.docs?.byteLength ?? 0) + 64 * ((t.grams?.length ?? 0) + 1),
  });

  constructor(store: GramStore, grams: IntIdTable | null = null, texts: string[] | null = null) {
    this.store = store;
    this.grams = grams ?? gramTable(store.keys);
    this.texts = texts;
  }

  get docCount(): number {
    return this.store.docCount;
  }

  /** Whether answers are exact (texts kept) or supersets (bigram intersection only). */
  get exact(): boolean {
    return this.texts !== null;
  }

  private postings(keys: number[]): GramPostings[] | null {
    const out: GramPostings[] = [];
    for (const key of keys) {
      const id = this.grams.get(key);
      if (id < 0) return null;
      out.push(gramPostings(this.store, id));
    }
    return out;
  }

  /**
   * Documents containing the folded term (a superset unless the index is exact). Returns null for a term the index
   * cannot look up: empty, or a single hiragana character.
   */
  docsContaining(term: string): Postings | null {
    const cached = this.cache.get(term);
    if (cached) return cached;
    const found = this.lookup(term);
    if (found !== null && found.length > 0) this.cache.set(term, found);
    return found;
  }

  private lookup(term: string): Postings | null {
    const keys = termKeys(term);
    if (keys === null) return null;
    const grams = this.postings(keys);
    if (grams === null) return EMPTY_POSTINGS;
    const lists = grams.flatMap((g) => (g.dense ? [] : [g.list]));
    const bitmaps = grams.flatMap((g) => (g.dense ? [g.bits] : []));
    const candidates = lists.length === 0 ? bitmapsToList(bitmaps, this.docCount) : intersectGrams(lists, bitmaps);
    if (this.texts === null || term.length <= 2) return candidates;
    const texts = this.texts;
    return candidates.filter((doc) => (texts[doc] as string).includes(term));
  }

  /**
   * Whether one document contains the term: exact when texts are kept, else whether it holds every gram of it.
   * Cheaper than docsContaining when only a few documents are asked about.
   */
  docHasTerm(doc: number, term: string): boolean {
    if (this.texts !== null) return termKeys(term) !== null && (this.texts[doc] as string).includes(term);
    let test = this.tests.get(term);
    if (test === undefined) {
      const keys = termKeys(term);
      const grams = keys === null ? null : this.postings(keys);
      test = { grams, packed: grams?.some((g) => !g.dense) === true, asked: 0, docs: null };
      this.tests.set(term, test);
    }
    if (test.grams === null) return false;
    if (test.docs !== null) return contains(test.docs, doc);
    // Bitmaps answer in one read; only packed lists are worth replacing by the term's list.
    if (test.packed && ++test.asked > LIST_AFTER) {
      test.docs = this.docsContaining(term) ?? EMPTY_POSTINGS;
      this.tests.set(term, test);
      return contains(test.docs, doc);
    }
    for (const g of test.grams) if (!has(g, doc)) return false;
    return true;
  }

  /** How many documents contain the term (an upper bound unless exact); 0 for an unindexable term. */
  documentFrequency(term: string): number {
    return this.docsContaining(term)?.length ?? 0;
  }

  /** Whether any document contains the term, stopping at the first (exact when texts are kept). */
  occurs(term: string): boolean {
    const keys = termKeys(term);
    const grams = keys === null ? null : this.postings(keys);
    if (grams === null) return false;
    const lists = grams.flatMap((g) => (g.dense ? [] : [g.list]));
    if (lists.length === 0) {
      if (this.texts !== null && term.length > 2) return (this.docsContaining(term)?.length ?? 0) > 0;
      return bitmapsIntersect(
        grams.flatMap((g) => (g.dense ? [g.bits] : [])),
        this.docCount,
      );
    }
    const driver = decodeList(lists.reduce((a, b) => (a.size <= b.size ? a : b)));
    for (const doc of driver) if (grams.every((g) => has(g, doc)) && this.docHasTerm(doc, term)) return true;
    return false;
  }

  /** Bytes held by the postings (for the build report). */
  get postingBytes(): number {
    return storeBytes(this.store);
  }

  get gramCount(): number {
    return this.store.keys.length;
  }
}
