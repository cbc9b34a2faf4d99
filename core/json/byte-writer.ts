// Writes JSON text as UTF-8 into one growing buffer: ready-made byte fragments are copied, strings encoded in place.
// Builds a response body without a string of the whole and without a second encoding pass. A nearby page is about a
// thousand short pieces, so short ones are copied in a JS loop: a native call (TypedArray#set, Buffer#write) per
// piece cost more than the copying (measured: the loops made printing a page of 50 results about 3x faster).

const shortPiece = 48;

export class ByteWriter {
  #bytes: Uint8Array<ArrayBuffer>;
  #used = 0;

  constructor(expectedBytes = 4096) {
    this.#bytes = new Uint8Array(Math.max(64, expectedBytes));
  }

  #reserve(bytes: number): void {
    const needed = this.#used + bytes;
    if (needed <= this.#bytes.byteLength) return;
    const grown = new Uint8Array(Math.max(needed, this.#bytes.byteLength * 2));
    grown.set(this.#bytes.subarray(0, this.#used));
    this.#bytes = grown;
  }

  /** Appends text the caller knows to be ASCII (each character one byte). */
  ascii(text: string): this {
    const length = text.length;
    this.#reserve(length);
    const bytes = this.#bytes;
    let at = this.#used;
    if (length <= shortPiece) {
      for (let index = 0; index < length; index++) bytes[at++] = text.charCodeAt(index);
    } else {
      at += Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).write(text, at, 'latin1');
    }
    this.#used = at;
    return this;
  }

  /** Appends text as UTF-8. */
  text(text: string): this {
    this.#reserve(text.length * 3);
    const bytes = this.#bytes;
    this.#used += Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).write(text, this.#used, 'utf8');
    return this;
  }

  /** Appends bytes (or the part start…end of them). */
  bytes(source: Uint8Array, start = 0, end = source.byteLength): this {
    const length = end - start;
    this.#reserve(length);
    const bytes = this.#bytes;
    if (length <= shortPiece) {
      let at = this.#used;
      for (let index = start; index < end; index++) bytes[at++] = source[index] as number;
    } else {
      bytes.set(Uint8Array.prototype.subarray.call(source, start, end), this.#used);
    }
    this.#used += length;
    return this;
  }

  get length(): number {
    return this.#used;
  }

  /** The bytes written so far (a view: write nothing more afterwards). */
  finish(): Uint8Array<ArrayBuffer> {
    return this.#bytes.subarray(0, this.#used);
  }
}
