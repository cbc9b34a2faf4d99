import type { SceneLayer } from '../data/types.ts';
import { keyCell, mortonKey } from './tile-math.ts';

// The served scenes ordered by Morton key (tile-math.ts), so that the scenes of any tile are one run found by two
// binary searches: a density cell is a count, a tile's points a slice. One ordering for all scenes and one per capture
// year (the `year` filter), each a sorted key column and the light rows in the same order. Built once per release on
// first use; at 1 M scenes ~20 MB.

export interface KeyedScenes {
  keys: Float64Array;
  rows: Int32Array;
}

export interface SceneKeys {
  all: KeyedScenes;
  byYear: Map<number, KeyedScenes>;
}

const built = new WeakMap<SceneLayer, SceneKeys>();

export function sceneKeysOf(layer: SceneLayer): SceneKeys {
  let keys = built.get(layer);
  if (!keys) {
    keys = buildSceneKeys(layer);
    built.set(layer, keys);
  }
  return keys;
}

function buildSceneKeys(layer: SceneLayer): SceneKeys {
  const { light, rowOf } = layer;
  const count = rowOf.length;
  const keyOf = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const row = rowOf[i] as number;
    const [column, cellRow] = keyCell(light.lats[row] as number, light.lons[row] as number);
    keyOf[i] = mortonKey(column, cellRow);
  }
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  // Equal keys (scenes within ~2 m) keep the index order, which is the store's order.
  order.sort((a, b) => (keyOf[a] as number) - (keyOf[b] as number) || a - b);
  const all: KeyedScenes = { keys: new Float64Array(count), rows: new Int32Array(count) };
  const yearCounts = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const at = order[i] as number;
    all.keys[i] = keyOf[at] as number;
    const row = rowOf[at] as number;
    all.rows[i] = row;
    const year = light.captureYears[row];
    if (year != null) yearCounts.set(year, (yearCounts.get(year) ?? 0) + 1);
  }
  const byYear = new Map<number, KeyedScenes>();
  const filled = new Map<number, number>();
  for (const [year, n] of yearCounts) {
    byYear.set(year, { keys: new Float64Array(n), rows: new Int32Array(n) });
    filled.set(year, 0);
  }
  for (let i = 0; i < count; i++) {
    const row = all.rows[i] as number;
    const year = light.captureYears[row];
    if (year == null) continue;
    const into = byYear.get(year) as KeyedScenes;
    const at = filled.get(year) as number;
    into.keys[at] = all.keys[i] as number;
    into.rows[at] = row;
    filled.set(year, at + 1);
  }
  return { all, byYear };
}

/** The first position whose key is ≥ key. */
export function lowerBound(keys: Float64Array, key: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as number) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Capture years of the served scenes with their counts, ascending. */
export function captureYearCounts(layer: SceneLayer): { value: number; count: number }[] {
  return [...sceneKeysOf(layer).byYear]
    .map(([value, scenes]) => ({ value, count: scenes.keys.length }))
    .sort((a, b) => a.value - b.value);
}
