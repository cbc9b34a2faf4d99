// Reusable buffers for response bodies. A server holding a release in memory has about 1 GB of ArrayBuffers (card
// and light columns, the search index, PGlite's memory); every new ArrayBuffer counts toward V8's external-memory
// limit, and passing that limit starts a full mark of the heap. Measured in a process holding the 1 M release: a
// 50 KB Buffer.allocUnsafe cost 130-180 µs (5 µs in an empty process), and under nearby load a mark-compact ran
// every ~1.5 s. Buffers handed back once their response is sent are used again instead.

export class BytePool {
  readonly size: number;
  readonly #free: Buffer[] = [];
  readonly #maxFree: number;

  constructor(size = 64 * 1024, maxFree = 64) {
    this.size = size;
    this.#maxFree = maxFree;
  }

  acquire(): Buffer {
    return this.#free.pop() ?? Buffer.allocUnsafeSlow(this.size);
  }

  /** Only a buffer of this pool's size, once nothing reads it any more (its response was sent). */
  release(buffer: Buffer): void {
    if (buffer.length === this.size && this.#free.length < this.#maxFree) this.#free.push(buffer);
  }

  get freeCount(): number {
    return this.#free.length;
  }
}
