/**
 * The scene ids of a corpus, doc by doc, in three typed arrays instead of a million strings and a Map (~70 MB of heap
 * at 1 M scenes, against ~25 MB here): the ids' bytes joined by '\n', where each starts, and the docs in id order
 * for lookups by binary search. Ids are short ASCII digit strings (ids exceed 2^53, so never numbers).
 */

const NEWLINE = 10;

export class SceneIds {
  readonly length: number;
  /** The ids' bytes, each followed by '\n' (the layout of the index file). */
  readonly bytes: Uint8Array;
  /** Where id d starts in `bytes`; n + 1 entries (the last is bytes.length). */
  readonly starts: Uint32Array;
  /** Docs ordered by id: shorter ids first, then by bytes (numeric order for digit strings without leading zeros). */
  readonly order: Uint32Array;

  constructor(bytes: Uint8Array, starts: Uint32Array, order: Uint32Array) {
    this.bytes = bytes;
    this.starts = starts;
    this.order = order;
    this.length = starts.length - 1;
  }

  /** From ids' bytes, each followed by '\n'; sorts the docs by id (no strings made: a legacy file at 1 M scenes). */
  static fromBytes(bytes: Uint8Array, count: number): SceneIds {
    const starts = startsOf(bytes, count);
    const order = new Uint32Array(count);
    for (let doc = 0; doc < count; doc++) order[doc] = doc;
    const compare = (a: number, b: number): number => {
      const aFrom = starts[a] as number;
      const bFrom = starts[b] as number;
      const aLength = (starts[a + 1] as number) - aFrom;
      const bLength = (starts[b + 1] as number) - bFrom;
      if (aLength !== bLength) return aLength - bLength;
      for (let i = 0; i < aLength; i++) {
        const c = (bytes[aFrom + i] as number) - (bytes[bFrom + i] as number);
        if (c !== 0) return c;
      }
      return 0;
    };
    return new SceneIds(bytes, starts, order.sort(compare));
  }

  static fromArray(ids: readonly string[]): SceneIds {
    const encoded = new TextEncoder().encode(ids.map((id) => `${id}\n`).join(''));
    if (encoded.length !== ids.reduce((sum, id) => sum + id.length + 1, 0)) {
      throw new Error('scene ids must be ASCII');
    }
    const starts = startsOf(encoded, ids.length);
    const order = Uint32Array.from(ids.keys()).sort((a, b) => compareIds(ids[a] as string, ids[b] as string));
    return new SceneIds(encoded, starts, order);
  }

  /** The id of doc d. */
  at(doc: number): string {
    const from = this.starts[doc] as number;
    const to = (this.starts[doc + 1] as number) - 1;
    return String.fromCharCode.apply(null, this.bytes.subarray(from, to) as unknown as number[]);
  }

  /** The doc of an id, or undefined (a Map's get, so callers holding a Map of ids read the same). */
  get(id: string): number | undefined {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const doc = this.order[mid] as number;
      const c = this.compareTo(doc, id);
      if (c === 0) return doc;
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return undefined;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  toArray(): string[] {
    return Array.from({ length: this.length }, (_, doc) => this.at(doc));
  }

  /** Doc d's id compared with `id` in the order of `order`. */
  private compareTo(doc: number, id: string): number {
    const from = this.starts[doc] as number;
    const length = (this.starts[doc + 1] as number) - 1 - from;
    if (length !== id.length) return length - id.length;
    for (let i = 0; i < length; i++) {
      const c = (this.bytes[from + i] as number) - id.charCodeAt(i);
      if (c !== 0) return c;
    }
    return 0;
  }
}

/** Shorter first, then by UTF-16 units (bytes, for ASCII). */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Where each of the `count` '\n'-terminated ids starts. */
export function startsOf(bytes: Uint8Array, count: number): Uint32Array {
  const starts = new Uint32Array(count + 1);
  let doc = 1;
  for (let i = 0; i < bytes.length && doc <= count; i++) if (bytes[i] === NEWLINE) starts[doc++] = i + 1;
  if (doc !== count + 1) throw new Error(`expected ${count} scene ids, found ${doc - 1}`);
  return starts;
}
