import type { KdTree } from './kd-tree.ts';

/**
 * Per-node counts of a small-integer key (a year slot, a generation flag …) for the larger nodes of a tree, so that
 * counting keys over a circle adds one precomputed row for each whole node inside it instead of reading every point.
 * Rows exist for nodes of at least `minNodePoints` points (by default 4 × keyCount, at least 256): a row costs
 * keyCount additions, the points it replaces at least four times as many reads.
 */
export class KeyHistogram {
  readonly keyCount: number;
  readonly keyByPosition: ArrayLike<number>;
  private readonly rowOfNode: Int32Array;
  private readonly rows: Uint32Array;

  private constructor(keyCount: number, keyByPosition: ArrayLike<number>, rowOfNode: Int32Array, rows: Uint32Array) {
    this.keyCount = keyCount;
    this.keyByPosition = keyByPosition;
    this.rowOfNode = rowOfNode;
    this.rows = rows;
  }

  static build(tree: KdTree, keyByPosition: ArrayLike<number>, keyCount: number, minNodePoints?: number): KeyHistogram {
    if (keyByPosition.length !== tree.size) {
      throw new RangeError(`${keyByPosition.length} keys for ${tree.size} points: pass one key per point, by position`);
    }
    if (!Number.isInteger(keyCount) || keyCount < 1) {
      throw new RangeError(`keyCount is ${keyCount}: pass the number of distinct keys (every key below it)`);
    }
    const threshold = minNodePoints ?? Math.max(256, 4 * keyCount);
    const { nodeLo, nodeHi } = tree;
    const rowOfNode = new Int32Array(nodeLo.length).fill(-1);
    let rowCount = 0;
    for (let node = 0; node < nodeLo.length; node++) {
      if ((nodeHi[node] as number) - (nodeLo[node] as number) >= threshold) rowOfNode[node] = rowCount++;
    }
    const rows = new Uint32Array(rowCount * keyCount);
    // Children before parents: a parent whose children both have rows sums them instead of reading its points.
    for (let node = nodeLo.length - 1; node >= 0; node--) {
      const row = rowOfNode[node] as number;
      if (row < 0) continue;
      const base = row * keyCount;
      const left = 2 * node + 1;
      const leftRow = left < rowOfNode.length ? (rowOfNode[left] as number) : -1;
      const rightRow = left + 1 < rowOfNode.length ? (rowOfNode[left + 1] as number) : -1;
      if (leftRow >= 0 && rightRow >= 0) {
        for (let k = 0; k < keyCount; k++) {
          rows[base + k] = (rows[leftRow * keyCount + k] as number) + (rows[rightRow * keyCount + k] as number);
        }
        continue;
      }
      for (let p = nodeLo[node] as number; p < (nodeHi[node] as number); p++) {
        const key = keyByPosition[p] as number;
        if (!(key >= 0 && key < keyCount)) {
          throw new RangeError(`key ${key} at position ${p} is outside 0..${keyCount - 1}: pass keys below keyCount`);
        }
        rows[base + key] = (rows[base + key] as number) + 1;
      }
    }
    return new KeyHistogram(keyCount, keyByPosition, rowOfNode, rows);
  }

  /** Adds the keys of the run [lo, hi) into counts; `node` is the whole node the run is, or -1. */
  addRun(lo: number, hi: number, node: number, counts: Uint32Array): void {
    const row = node >= 0 ? (this.rowOfNode[node] as number) : -1;
    if (row >= 0) {
      const base = row * this.keyCount;
      for (let k = 0; k < this.keyCount; k++) counts[k] = (counts[k] as number) + (this.rows[base + k] as number);
      return;
    }
    const keys = this.keyByPosition;
    for (let p = lo; p < hi; p++) {
      const key = keys[p] as number;
      counts[key] = (counts[key] as number) + 1;
    }
  }
}
