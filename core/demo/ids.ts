/** Identifier formats of the demo release (all deterministic). */
import { hashString, type Rng } from './rng.ts';

/**
 * Scene id for the n-th scene: 15-20 digits, many above 2^53. The last 7 digits are a bijection of n (so ids are
 * unique for n < 10^7) and the leading digits are random, which makes the ids look like platform image ids.
 */
export function sceneIdFor(n: number, rng: Rng): string {
  const suffix = String((n * 7_919 + 1_234_567) % 10_000_000).padStart(7, '0');
  const r = rng.next();
  const length = r < 0.25 ? 15 : r < 0.45 ? 16 : r < 0.6 ? 17 : r < 0.8 ? 19 : r < 0.9 ? 18 : 20;
  let head = String(rng.int(1, 9));
  while (head.length < length - 7) head += String(rng.int(0, 9));
  return head + suffix;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Platform-style sequence key (22 base62 characters) derived from what identifies one capture run. */
export function sequenceIdFor(key: string): string {
  let out = '';
  let h = hashString(key);
  for (let i = 0; i < 22; i++) {
    h = hashString(key, h + i);
    out += BASE62[h % 62];
  }
  return out;
}

/** n lowercase hex characters derived from a key (for change, amenity and school ids). */
export function hexFor(key: string, n: number): string {
  let out = '';
  let h = hashString(key);
  while (out.length < n) {
    h = hashString(key, h ^ out.length);
    out += h.toString(16).padStart(8, '0');
  }
  return out.slice(0, n);
}
