import { invalidParameter } from '../errors.ts';

// Web-Mercator XYZ tiles (as OpenStreetMap's): tile x counts columns from longitude −180, y rows from the north edge
// of the projection (±85.05113°). Scenes are keyed by their position at zoom `keyZoom` (24: cells of ~2 m), so every
// tile of a zoom up to 24 is one contiguous run of Morton keys.

export interface TileBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export const keyZoom = 24;
const keyScale = 2 ** keyZoom;
const maxMercatorLat = 85.0511287798066;

/** The tile's bounds in degrees. */
export function tileBox(z: number, x: number, y: number): TileBox {
  const n = 2 ** z;
  return {
    west: (x / n) * 360 - 180,
    east: ((x + 1) / n) * 360 - 180,
    north: latOfRow(y / n),
    south: latOfRow((y + 1) / n),
  };
}

function latOfRow(fraction: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * fraction))) * 180) / Math.PI;
}

/** x and y must be columns and rows of zoom z; the spec's schema bounds them by the deepest zoom only. */
export function checkTile(z: number, x: number, y: number): void {
  const last = 2 ** z - 1;
  if (x > last) throw invalidParameter('x', `x must be an integer between 0 and ${last} at zoom ${z}`);
  if (y > last) throw invalidParameter('y', `y must be an integer between 0 and ${last} at zoom ${z}`);
}

/** Column and row at keyZoom of a position (latitudes beyond the projection's edge clamp to it). */
export function keyCell(lat: number, lon: number): [number, number] {
  const clamped = Math.max(-maxMercatorLat, Math.min(maxMercatorLat, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  const row = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * keyScale;
  const column = ((lon + 180) / 360) * keyScale;
  return [
    Math.min(keyScale - 1, Math.max(0, Math.floor(column))),
    Math.min(keyScale - 1, Math.max(0, Math.floor(row))),
  ];
}

// Spreads the 12 low bits of v to the even bit positions.
function spread12(v: number): number {
  let s = v & 0xfff;
  s = (s | (s << 8)) & 0x00ff00ff;
  s = (s | (s << 4)) & 0x0f0f0f0f;
  s = (s | (s << 2)) & 0x33333333;
  s = (s | (s << 1)) & 0x55555555;
  return s;
}

/** The Morton key (48 bits, exact in a double) of a cell at keyZoom: x in the even bits, y in the odd ones. */
export function mortonKey(column: number, row: number): number {
  const high = spread12(column >>> 12) | (spread12(row >>> 12) << 1);
  const low = spread12(column) | (spread12(row) << 1);
  return (high >>> 0) * 2 ** 24 + (low >>> 0);
}

/** The keys of tile z/x/y: [first, end) (z ≤ keyZoom). */
export function keyRange(z: number, x: number, y: number): [number, number] {
  const shift = keyZoom - z;
  const first = mortonKey(x * 2 ** shift, y * 2 ** shift);
  return [first, first + 4 ** shift];
}
