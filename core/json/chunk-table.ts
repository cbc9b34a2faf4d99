// Fixed pieces of JSON text (keys with the labels around them) packed into one buffer by number, for printers that
// copy many short pieces per item: they read a few contiguous kilobytes that stay in cache, instead of one Buffer
// object (and its separate backing store) per piece.

export interface ChunkTable {
  /** Every chunk's UTF-8 bytes, one after another. */
  bytes: Uint8Array;
  /** Chunk n is bytes[starts[n]] up to bytes[ends[n]]. */
  starts: Int32Array;
  ends: Int32Array;
}

export class ChunkTableBuilder {
  readonly #numbers = new Map<string, number>();
  readonly #texts: string[] = [];

  /** The number of the chunk holding `text` (the same text is stored once). */
  add(text: string): number {
    let number = this.#numbers.get(text);
    if (number === undefined) {
      number = this.#texts.length;
      this.#texts.push(text);
      this.#numbers.set(text, number);
    }
    return number;
  }

  build(): ChunkTable {
    const encoded = this.#texts.map((text) => Buffer.from(text, 'utf8'));
    const bytes = new Uint8Array(encoded.reduce((sum, piece) => sum + piece.length, 0));
    const starts = new Int32Array(encoded.length);
    const ends = new Int32Array(encoded.length);
    let at = 0;
    encoded.forEach((piece, number) => {
      bytes.set(piece, at);
      starts[number] = at;
      at += piece.length;
      ends[number] = at;
    });
    return { bytes, starts, ends };
  }
}

/** The length of the table's longest chunk, in bytes. */
export function longestChunk(table: ChunkTable): number {
  let longest = 0;
  for (let number = 0; number < table.starts.length; number++)
    longest = Math.max(longest, (table.ends[number] as number) - (table.starts[number] as number));
  return longest;
}
