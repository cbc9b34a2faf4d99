/** Sorted doc-id lists: intersection, union and membership, used by the text index and the category postings. */

export type Postings = Uint32Array;

export const EMPTY_POSTINGS: Postings = new Uint32Array(0);

/** First index in `list` at or after `from` whose value is >= target (galloping, then binary search). */
export function seek(list: Postings, target: number, from = 0): number {
  let step = 1;
  let hi = from;
  while (hi < list.length && (list[hi] as number) < target) {
    from = hi + 1;
    hi += step;
    step <<= 1;
  }
  hi = Math.min(hi, list.length);
  let lo = from;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function contains(list: Postings, doc: number): boolean {
  const i = seek(list, doc);
  return i < list.length && list[i] === doc;
}

/** Intersection of several sorted lists, driven by the shortest. */
export function intersectAll(lists: readonly Postings[]): Postings {
  if (lists.length === 0) return EMPTY_POSTINGS;
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  const driver = sorted[0] as Postings;
  if (sorted.length === 1) return driver;
  const out = new Uint32Array(driver.length);
  const cursors = new Array<number>(sorted.length).fill(0);
  let n = 0;
  outer: for (let i = 0; i < driver.length; i++) {
    const doc = driver[i] as number;
    for (let k = 1; k < sorted.length; k++) {
      const list = sorted[k] as Postings;
      const at = seek(list, doc, cursors[k] as number);
      cursors[k] = at;
      if (at >= list.length) break outer;
      if (list[at] !== doc) continue outer;
    }
    out[n++] = doc;
  }
  return out.subarray(0, n);
}

/** Union of two sorted lists by a linear merge. */
export function union2(a: Postings, b: Postings): Postings {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x < y) {
      out[n++] = x;
      i++;
    } else if (y < x) {
      out[n++] = y;
      j++;
    } else {
      out[n++] = x;
      i++;
      j++;
    }
  }
  while (i < a.length) out[n++] = a[i++] as number;
  while (j < b.length) out[n++] = b[j++] as number;
  return out.subarray(0, n);
}

/** Union of sorted lists: pairwise merges, smallest first, so large lists are copied few times. */
export function unionAll(lists: readonly Postings[]): Postings {
  const queue = lists.filter((l) => l.length > 0).sort((a, b) => a.length - b.length);
  if (queue.length === 0) return EMPTY_POSTINGS;
  while (queue.length > 1) {
    const merged = union2(queue.shift() as Postings, queue.shift() as Postings);
    let at = 0;
    while (at < queue.length && (queue[at] as Postings).length < merged.length) at++;
    queue.splice(at, 0, merged);
  }
  return queue[0] as Postings;
}

/**
 * Docs that appear in at least `min` of the lists: counted in a byte per document, each doc noted when its count
 * reaches `min`, so the work follows the lists' lengths rather than the corpus size.
 */
export function atLeast(lists: readonly Postings[], min: number, docCount: number): Postings {
  if (min <= 0) return Uint32Array.from({ length: docCount }, (_, d) => d);
  const counts = new Uint8Array(docCount);
  let total = 0;
  for (const list of lists) total += list.length;
  const out = new Uint32Array(total);
  let n = 0;
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      const doc = list[i] as number;
      const count = (counts[doc] as number) + 1;
      counts[doc] = count;
      if (count === min) out[n++] = doc;
    }
  }
  return out.subarray(0, n).sort();
}

/** Docs of `list` that are not in `remove`. */
export function subtract(list: Postings, remove: Postings): Postings {
  if (remove.length === 0) return list;
  const out = new Uint32Array(list.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < list.length; i++) {
    const doc = list[i] as number;
    j = seek(remove, doc, j);
    if (j < remove.length && remove[j] === doc) continue;
    out[n++] = doc;
  }
  return out.subarray(0, n);
}
