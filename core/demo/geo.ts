/** Small geodesy helpers for the demo city (metres near 34.6°N are close enough to flat). */

export const EARTH_RADIUS_M = 6371008.8;
const RAD = Math.PI / 180;

export function haversineM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export const M_PER_DEG_LAT = 110_950;
/** Metres per degree of longitude at the demo city's latitude. */
export const M_PER_DEG_LON = 91_700;

/** Moves a point by metres north and east. */
export function offsetM(lat: number, lon: number, northM: number, eastM: number): [number, number] {
  return [lat + northM / M_PER_DEG_LAT, lon + eastM / M_PER_DEG_LON];
}

/** Initial bearing from point 1 to point 2, degrees clockwise from north in [0, 360). */
export function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const y = Math.sin((lon2 - lon1) * RAD) * Math.cos(lat2 * RAD);
  const x =
    Math.cos(lat1 * RAD) * Math.sin(lat2 * RAD) -
    Math.sin(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.cos((lon2 - lon1) * RAD);
  const deg = Math.atan2(y, x) / RAD;
  return normalizeDeg(deg);
}

export function normalizeDeg(deg: number): number {
  const d = deg % 360;
  const n = d < 0 ? d + 360 : d;
  return n >= 360 ? 0 : n;
}

/** Id of the grid cell (size in metres) holding a point; a stable integer for a fixed grid anchored at 20°N 120°E. */
export function cellId(lat: number, lon: number, sizeM: number): number {
  const row = Math.floor(((lat - 20) * M_PER_DEG_LAT) / sizeM);
  const col = Math.floor(((lon - 120) * M_PER_DEG_LON) / sizeM);
  return row * 100_000 + col;
}

export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A compass angle rounded to 0.1° that stays below 360. */
export function roundDeg(value: number): number {
  const r = round(normalizeDeg(value), 1);
  return r >= 360 ? 0 : r;
}

/** Even-odd point-in-polygon on a ring of [lon, lat]. */
export function pointInRing(lat: number, lon: number, ring: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as readonly [number, number];
    const [xj, yj] = ring[j] as readonly [number, number];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function polylineLengthM(points: readonly (readonly [number, number])[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as readonly [number, number];
    const b = points[i] as readonly [number, number];
    total += haversineM(a[0], a[1], b[0], b[1]);
  }
  return total;
}

export const COMPASS8 = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

export function compass8(deg: number): (typeof COMPASS8)[number] {
  return COMPASS8[Math.round(normalizeDeg(deg) / 45) % 8] as (typeof COMPASS8)[number];
}
