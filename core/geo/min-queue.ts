/**
 * A binary min-heap of (key, value) pairs in typed arrays: no per-entry objects, so a best-first search allocates
 * nothing once the arrays have grown to the size its queries need.
 */
export class MinQueue {
  private keys: Float64Array;
  private values: Int32Array;
  length = 0;

  constructor(capacity = 256) {
    this.keys = new Float64Array(capacity);
    this.values = new Int32Array(capacity);
  }

  clear(): void {
    this.length = 0;
  }

  push(key: number, value: number): void {
    if (this.length === this.keys.length) this.grow();
    const keys = this.keys;
    const values = this.values;
    let pos = this.length++;
    while (pos > 0) {
      const parent = (pos - 1) >> 1;
      const parentKey = keys[parent] as number;
      if (parentKey <= key) break;
      keys[pos] = parentKey;
      values[pos] = values[parent] as number;
      pos = parent;
    }
    keys[pos] = key;
    values[pos] = value;
  }

  /** Key of the smallest entry; only meaningful when length > 0. */
  peekKey(): number {
    return this.keys[0] as number;
  }

  /** Value of the smallest entry; only meaningful when length > 0. */
  peekValue(): number {
    return this.values[0] as number;
  }

  /** Removes the smallest entry (call peekKey/peekValue first to read it). */
  pop(): void {
    const keys = this.keys;
    const values = this.values;
    const last = --this.length;
    if (last <= 0) return;
    const key = keys[last] as number;
    const value = values[last] as number;
    const half = last >> 1;
    let pos = 0;
    while (pos < half) {
      let child = 2 * pos + 1;
      const right = child + 1;
      if (right < last && (keys[right] as number) < (keys[child] as number)) child = right;
      const childKey = keys[child] as number;
      if (childKey >= key) break;
      keys[pos] = childKey;
      values[pos] = values[child] as number;
      pos = child;
    }
    keys[pos] = key;
    values[pos] = value;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    const values = new Int32Array(this.values.length * 2);
    keys.set(this.keys);
    values.set(this.values);
    this.keys = keys;
    this.values = values;
  }
}
