// JSON written straight into UTF-8 bytes, for printers that know their shapes (scenes/item-printer.ts). Short ASCII
// strings are copied by a loop (measured faster than Buffer.latin1Write or TypedArray.set for ~20 characters, which
// pay a call into the runtime); byte pieces of known encoding are copied with set.

const encoder = new TextEncoder();

export class ByteWriter {
  #bytes: Buffer;
  #used = 0;

  /** A capacity to allocate, or memory to write into (a pooled buffer: see byte-pool.ts). */
  constructor(memory: number | Buffer = 16 * 1024) {
    this.#bytes = typeof memory === 'number' ? Buffer.allocUnsafe(memory) : memory;
  }

  /** The memory written into: the one given, or a larger one once it had to grow. */
  get memory(): Buffer {
    return this.#bytes;
  }

  /** Starts over in the same memory (only once whatever finish() gave is no longer read). */
  reset(): void {
    this.#used = 0;
  }

  get length(): number {
    return this.#used;
  }

  /** A string of ASCII characters only (digits, keys, ids, numbers): the caller guarantees it. */
  ascii(text: string): void {
    if (this.#used + text.length > this.#bytes.length) this.#grow(text.length);
    this.#used = writeAsciiAt(this.#bytes, this.#used, text);
  }

  /** Bytes already in UTF-8 JSON form. */
  bytes(piece: Uint8Array, start = 0, end = piece.length): void {
    const length = end - start;
    if (this.#used + length > this.#bytes.length) this.#grow(length);
    if (length < 32) {
      const bytes = this.#bytes;
      let at = this.#used;
      for (let i = start; i < end; i++) bytes[at++] = piece[i] as number;
      this.#used = at;
    } else {
      // A view made by the Uint8Array constructor: Buffer#subarray goes through the species constructor (slower).
      const view =
        start === 0 && end === piece.length ? piece : new Uint8Array(piece.buffer, piece.byteOffset + start, length);
      this.#bytes.set(view, this.#used);
      this.#used += length;
    }
  }

  /** A number as JSON prints it (see writeNumberAt). */
  number(value: number): void {
    if (this.#used + maxNumberLength > this.#bytes.length) this.#grow(maxNumberLength);
    this.#used = writeNumberAt(this.#bytes, this.#used, value);
  }

  /**
   * Room for `length` more bytes, written directly by the caller: the memory to write into from `length` (this
   * writer's length) on, until advance(end). Valid until the next call that writes.
   */
  reserve(length: number): Uint8Array {
    if (this.#used + length > this.#bytes.length) this.#grow(length);
    return this.#bytes;
  }

  /** The bytes up to `end` of the memory reserve() gave are written. */
  advance(end: number): void {
    this.#used = end;
  }

  /** Any string, as UTF-8 (JSON text printed elsewhere). */
  text(text: string): void {
    // A short text is copied by a loop while it is ASCII (a query echo, a count): encodeInto is a call into the
    // runtime, dearer than the loop below ~100 characters. The first non-ASCII character hands the rest over to it.
    let rest = text;
    if (text.length <= shortText) {
      if (this.#used + text.length > this.#bytes.length) this.#grow(text.length);
      const bytes = this.#bytes;
      let at = this.#used;
      let i = 0;
      for (; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code > 0x7f) break;
        bytes[at++] = code;
      }
      this.#used = at;
      if (i === text.length) return;
      rest = text.slice(i);
    }
    for (;;) {
      const { read, written } = encoder.encodeInto(rest, this.#bytes.subarray(this.#used));
      this.#used += written;
      if (read === rest.length) return;
      rest = rest.slice(read);
      this.#grow(rest.length * 3);
    }
  }

  /** Any string, as JSON string text (quoted and escaped) in UTF-8. */
  jsonString(text: string): void {
    // Short printable ASCII (request ids, codes) is its own JSON between quotes: no JSON.stringify, no encoder.
    if (text.length <= shortText && printsAsAscii(text)) {
      if (this.#used + text.length + 2 > this.#bytes.length) this.#grow(text.length + 2);
      const bytes = this.#bytes;
      bytes[this.#used] = 34;
      const end = writeAsciiAt(bytes, this.#used + 1, text);
      bytes[end] = 34;
      this.#used = end + 1;
      return;
    }
    const json = JSON.stringify(text);
    const length = Buffer.byteLength(json, 'utf8');
    if (this.#used + length > this.#bytes.length) this.#grow(length);
    this.#used += this.#bytes.write(json, this.#used, 'utf8');
  }

  /** The bytes written so far (a view: the writer must not be used afterwards). */
  finish(): Uint8Array<ArrayBuffer> {
    return this.#bytes.subarray(0, this.#used) as Uint8Array<ArrayBuffer>;
  }

  #grow(needed: number): void {
    const grown = Buffer.allocUnsafe(Math.max(this.#bytes.length * 2, this.#used + needed));
    this.#bytes.copy(grown, 0, 0, this.#used);
    this.#bytes = grown;
  }
}

const shortText = 96;

// Whether every character is printable ASCII that JSON leaves as it is (no quote, no backslash).
function printsAsAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 34 || code === 92) return false;
  }
  return true;
}

/** Room for any number writeNumberAt prints: String() gives at most 25 characters ("-0.0000012345678901234567"). */
export const maxNumberLength = 32;

/**
 * Writes a number as JSON prints it (null when not finite) at `at`, returning the end. A value that is exactly the
 * nearest double to a decimal of at most 7 fractional digits, between 1e-6 and 1e8 (coordinates, bearings, years,
 * distances), is written digit by digit: String() prints such a value as that decimal, since any other decimal of at
 * most as many digits is at least 1e-7 away while the doubles there are less than 1.5e-8 apart. Anything else goes
 * through String(). The memory must have room for maxNumberLength bytes.
 */
export function writeNumberAt(bytes: Uint8Array, start: number, value: number): number {
  // Counts, years and rounded distances: a non-negative int32 (-0 too, which JSON prints as 0).
  if ((value | 0) === value && value >= 0) return writeDigits(bytes, start, value);
  const magnitude = value < 0 ? -value : value;
  const scaled = Math.round(magnitude * 1e7);
  let at = start;
  if (!(magnitude >= 1e-6 && magnitude < 1e8) || scaled / 1e7 !== magnitude) {
    return writeAsciiAt(bytes, at, Number.isFinite(value) ? String(value) : 'null');
  }
  if (value < 0) bytes[at++] = 45; // -
  // Both parts are below 2^31: integer arithmetic from here. magnitude is scaled / 1e7 exactly (checked above).
  const whole = Math.floor(magnitude) | 0;
  let fraction = (scaled - whole * 1e7) | 0;
  at = writeDigits(bytes, at, whole);
  if (fraction > 0) {
    bytes[at++] = 46; // .
    let digits = 7;
    while (fraction % 10 === 0) {
      fraction = (fraction / 10) | 0;
      digits--;
    }
    for (let i = digits - 1; i >= 0; i--) {
      const next = (fraction / 10) | 0;
      bytes[at + i] = 48 + fraction - next * 10;
      fraction = next;
    }
    at += digits;
  }
  return at;
}

/** Writes an ASCII-only string at `at` (the caller guarantees it), returning the end. */
export function writeAsciiAt(bytes: Uint8Array, start: number, text: string): number {
  let at = start;
  for (let i = 0; i < text.length; i++) bytes[at++] = text.charCodeAt(i);
  return at;
}

// The decimal digits of a non-negative integer below 2^31.
function writeDigits(bytes: Uint8Array, at: number, value: number): number {
  let count = 1;
  for (let rest = value; rest >= 10; rest = (rest / 10) | 0) count++;
  let rest = value;
  for (let i = at + count - 1; i >= at; i--) {
    const next = (rest / 10) | 0;
    bytes[i] = 48 + rest - next * 10;
    rest = next;
  }
  return at + count;
}
