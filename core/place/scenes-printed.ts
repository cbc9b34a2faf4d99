import { encodeJsonText } from '../json/utf8.ts';
import type { SceneItem } from './scenes-items.ts';

// Nearby result items kept already printed. Of an item only `distance_m` depends on the request, so an item is kept
// as its object and its JSON in UTF-8 cut around the distance; a page is then the cut bytes copied around each
// distance, and its objects are copies with the distance set. Measured side by side on pages of ~46 results from the
// 50 000-scene demo: JSON.stringify + UTF-8 of the page 352 µs, printing from kept items 109 µs.
//
// Bounded by bytes, approximately least-recently-used: two generations of Maps; an entry found in the old one moves
// to the new one, and when the new one holds half the budget the old one is dropped whole. Each lookup is one or two
// Map gets, where lru-cache's bookkeeping cost about 0.8 µs an item.

export interface PrintedItem {
  /** The item with distance_m 0 (the key stays in its place when copies set it). */
  item: SceneItem;
  /** Its JSON in UTF-8 around the distance: `{"id":"…","distance_m":` … */
  head: Uint8Array;
  /** … `,"lat":…}`. */
  tail: Uint8Array;
}

const distanceKey = Buffer.from(',"distance_m":0,', 'latin1');
const between = Buffer.from('},{"id":"', 'latin1');

/**
 * Prints items at distance 0 in one JSON.stringify and one encoding (a page's misses together: per item, the calls
 * cost twice as much), then cuts the UTF-8 at each item. The cuts are found by ASCII patterns that cannot occur
 * inside a JSON string (a quote inside one is escaped) nor inside a multi-byte UTF-8 character (bytes ≥ 0x80):
 * `},{"id":"` parts two items (the nested `"generation":{"id":…` follows a colon), and the first
 * `,"distance_m":0,` in an item is its distance key (the id before it is a JSON string).
 */
export function printItems(items: readonly SceneItem[]): PrintedItem[] {
  const templates = items.map((item) => (item.distance_m === 0 ? item : { ...item, distance_m: 0 }));
  const bytes = encodeJsonText(JSON.stringify(templates));
  const page = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength); // for indexOf
  // Entries are views of the page's bytes, not copies: a page's entries enter the cache together and leave it
  // together (cache generations), so the page is not held long by a straggler.
  const plain = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const printed: PrintedItem[] = [];
  let start = 1; // after `[`
  templates.forEach((item, index) => {
    const last = index + 1 === templates.length;
    const end = last ? page.byteLength - 1 : page.indexOf(between, start) + 1; // the item's closing brace, included
    const cut = page.indexOf(distanceKey, start);
    if (end <= start || cut === -1 || cut > end) {
      throw new Error('printItems: an item does not open with its id followed by distance_m');
    }
    const headEnd = cut + distanceKey.length - 2;
    printed.push({ item, head: plain.subarray(start, headEnd), tail: plain.subarray(headEnd + 1, end) });
    start = end + 1; // past the comma
  });
  return printed;
}

const overheadBytes = 600; // the object, its strings and the Map entry, besides the printed bytes (estimated)

export class PrintedItemCache {
  readonly #halfBudget: number;
  #young = new Map<number, PrintedItem>();
  #old = new Map<number, PrintedItem>();
  #youngBytes = 0;

  constructor(budgetBytes: number) {
    this.#halfBudget = budgetBytes / 2;
  }

  get(key: number): PrintedItem | undefined {
    const young = this.#young.get(key);
    if (young) return young;
    const old = this.#old.get(key);
    if (old) this.set(key, old);
    return old;
  }

  set(key: number, printed: PrintedItem): void {
    if (this.#youngBytes >= this.#halfBudget) {
      this.#old = this.#young;
      this.#young = new Map();
      this.#youngBytes = 0;
    }
    if (!this.#young.has(key)) this.#youngBytes += printed.head.byteLength + printed.tail.byteLength + overheadBytes;
    this.#young.set(key, printed);
  }
}
