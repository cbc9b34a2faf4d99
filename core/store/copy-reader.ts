// Reads COPY … TO text output field by field, without an array or a string per row. At a million scenes this parsing
// is most of what start-up spends when it reads the store. The bytes are decoded ONCE as latin1 (one char per byte,
// the fastest decoding V8 has, measured 6-8x faster than a Buffer#toString per field), so string offsets are byte
// offsets; a field holding UTF-8 (a ward name) is re-decoded as UTF-8 on request (`utf8`), which callers intern.
import { decodeCopyField } from './copy-text.ts';
import type { Queryable } from './types.ts';

/** The COPY … TO STDOUT output of `select` as bytes (test doubles without copyOutBytes give text, encoded here). */
export async function copyOutBytes(db: Queryable, select: string): Promise<Uint8Array> {
  return db.copyOutBytes ? db.copyOutBytes(select) : new TextEncoder().encode(await db.copyOut(select));
}

const NULL_FIELD = '\\N';

function hasNonAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0x7f) return true;
  return false;
}

export class CopyReader {
  readonly #text: string;
  readonly #starts: Int32Array;
  readonly #ends: Int32Array;
  readonly #fields: number;
  #next = 0;

  constructor(bytes: Uint8Array, fields: number) {
    this.#text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    this.#fields = fields;
    this.#starts = new Int32Array(fields);
    this.#ends = new Int32Array(fields);
  }

  /** How many rows the output holds (one line each). */
  countRows(): number {
    const text = this.#text;
    let rows = 0;
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) rows++;
    return text.length > 0 && !text.endsWith('\n') ? rows + 1 : rows;
  }

  /** Moves to the next row; false at the end. A row with another number of fields is an error. */
  nextRow(): boolean {
    const text = this.#text;
    if (this.#next >= text.length) return false;
    let end = text.indexOf('\n', this.#next);
    if (end === -1) end = text.length;
    let start = this.#next;
    const last = this.#fields - 1;
    for (let field = 0; field < last; field++) {
      const stop = text.indexOf('\t', start);
      if (stop === -1 || stop > end) throw new Error(`COPY output row does not have ${this.#fields} fields`);
      this.#starts[field] = start;
      this.#ends[field] = stop;
      start = stop + 1;
    }
    // Checked by hand: indexOf would run on through the rest of the output when no tab follows.
    for (let at = start; at < end; at++) {
      if (text.charCodeAt(at) === 9) throw new Error(`COPY output row has more than ${this.#fields} fields`);
    }
    this.#starts[last] = start;
    this.#ends[last] = end;
    this.#next = end + 1;
    return true;
  }

  #raw(field: number): string {
    return this.#text.slice(this.#starts[field], this.#ends[field]);
  }

  /** An ASCII field (ids, codes) as text with escapes undone, or null. Non-ASCII bytes come back as latin1. */
  ascii(field: number): string | null {
    const raw = this.#raw(field);
    if (raw === NULL_FIELD) return null;
    return raw.includes('\\') ? decodeCopyField(raw) : raw;
  }

  /** The field's raw text, for interning repeated values before decoding them with `decodeUtf8`. */
  raw(field: number): string {
    return this.#raw(field);
  }

  /** The field as a number (int, float), or null. */
  number(field: number): number | null {
    const raw = this.#raw(field);
    return raw === NULL_FIELD ? null : Number(raw);
  }

  /** A boolean field: t or f. */
  boolean(field: number): boolean | null {
    const raw = this.#raw(field);
    return raw === NULL_FIELD ? null : raw === 't';
  }
}

/** Turns a raw field (latin1 view of UTF-8 bytes) into its text, escapes undone; \N is null. */
export function decodeUtf8(raw: string): string | null {
  if (raw === NULL_FIELD) return null;
  const text = hasNonAscii(raw) ? Buffer.from(raw, 'latin1').toString('utf8') : raw;
  return text.includes('\\') ? decodeCopyField(text) : text;
}

/**
 * Copies of texts that no longer keep the COPY text alive: V8 makes a slice of 13 or more characters a view of its
 * parent, so one kept id or label held the whole COPY output (measured at 1 M scenes: a start that read the card
 * columns from the store kept ~395 MB of verbalization text through their labels, and ~54 MB of scene text through ids).
 */
export function ownStrings<T extends string | null>(texts: T[]): T[] {
  return JSON.parse(JSON.stringify(texts)) as T[];
}
