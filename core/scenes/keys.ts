import { choosePolicy, DEFAULT_QUALITY, type PolicyChooser } from '../data/quality.ts';
import type { SceneLayer } from '../data/served-release.ts';
import { verbalizationStatusCodes } from '../store/index.ts';

// Each indexed scene gets, once per quality policy, a key that packs what coverage counts and nearby filters need:
// which generation the policy serves for it (or none), whether it has a released and whether it has an experimental
// verbalization (independent of the policy), and its capture-year slot. Keys are arranged by tree position so a
// count or a walk reads contiguous memory. Coverage counts every candidate of a circle into one small table of keys
// in a single pass; nearby decodes the keys of the candidates it reaches.

export interface SceneKeys {
  /** Per tree position of layer.index: ((pick + 1) * 4 + flags) * yearSlots + yearSlot. */
  byPosition: Uint16Array | Uint32Array;
  /** Year slot 0 is "unknown"; slot s > 0 is year firstYear + s - 1. */
  firstYear: number;
  yearSlots: number;
  /** Pick slots: 0 = no verbalization under the policy, g + 1 = light.generationIds[g]. */
  pickSlots: number;
  /** Table size: pickSlots * 4 * yearSlots. */
  size: number;
}

export const hasReleasedFlag = 1;
export const hasExperimentalFlag = 2;

function yearBounds(years: readonly (number | null)[]): { first: number; slots: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const year of years) {
    if (year === null) continue;
    if (year < min) min = year;
    if (year > max) max = year;
  }
  return min > max ? { first: 0, slots: 1 } : { first: min, slots: max - min + 2 };
}

function flagsOf(layer: SceneLayer, row: number): number {
  let flags = 0;
  for (const column of layer.light.statusByGeneration) {
    const code = column[row];
    if (code === verbalizationStatusCodes.released) flags |= hasReleasedFlag;
    else if (code === verbalizationStatusCodes.experimental) flags |= hasExperimentalFlag;
  }
  return flags;
}

export function buildSceneKeys(layer: SceneLayer, pick: PolicyChooser['pick']): SceneKeys {
  const { light, rowOf, index } = layer;
  const { first, slots } = yearBounds(light.captureYears);
  const pickSlots = light.generationIds.length + 1;
  const size = pickSlots * 4 * slots;
  const byIndex = size <= 0x10000 ? new Uint16Array(rowOf.length) : new Uint32Array(rowOf.length);
  for (let i = 0; i < rowOf.length; i++) {
    const row = rowOf[i] as number;
    const year = light.captureYears[row] ?? null;
    const yearSlot = year === null ? 0 : year - first + 1;
    byIndex[i] = ((pick(row) + 1) * 4 + flagsOf(layer, row)) * slots + yearSlot;
  }
  const byPosition = index.gatherByPosition(
    byIndex,
    byIndex instanceof Uint16Array ? new Uint16Array(byIndex.length) : new Uint32Array(byIndex.length),
  );
  return { byPosition, firstYear: first, yearSlots: slots, pickSlots, size };
}

/** The generation a key's policy serves (index into light.generationIds), or -1 for none. */
export function pickOfKey(keys: SceneKeys, key: number): number {
  return Math.floor(key / (4 * keys.yearSlots)) - 1;
}

/** A key's capture year, or null when unknown. */
export function yearOfKey(keys: SceneKeys, key: number): number | null {
  const slot = key % keys.yearSlots;
  return slot === 0 ? null : keys.firstYear + slot - 1;
}

const cached = new WeakMap<SceneLayer, Map<string, SceneKeys>>();

/** Keys of a policy, built on first use and kept for the life of the release (one small array per policy). */
export function sceneKeysFor(layer: SceneLayer, chooser: PolicyChooser): SceneKeys {
  let byPolicy = cached.get(layer);
  if (!byPolicy) {
    byPolicy = new Map();
    cached.set(layer, byPolicy);
  }
  const { policy } = chooser;
  const name = policy.generation === null ? `quality:${policy.requested}` : `generation:${policy.generation}`;
  let keys = byPolicy.get(name);
  if (!keys) {
    keys = buildSceneKeys(layer, chooser.pick);
    byPolicy.set(name, keys);
  }
  return keys;
}

/**
 * Builds the keys of the default policy (DEFAULT_QUALITY) now, at start-up: ~60 ms at a million scenes that the first nearby
 * or coverage request would otherwise wait for.
 */
export function prepareDefaultSceneKeys(layer: SceneLayer): SceneKeys {
  return sceneKeysFor(layer, choosePolicy(layer.light, DEFAULT_QUALITY, null));
}
