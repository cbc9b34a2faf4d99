/**
 * The fixed geography of the synthetic city 湊浜市 (Minatohama): a coastal strip around 34.6°N 135.0°E with the sea
 * to the south, hills to the west and north-west, two islands off the south-west coast, two rivers, a canal by the
 * port and a railway along the coast. Nothing here is random: the seed only changes details drawn later.
 */
import { M_PER_DEG_LAT, M_PER_DEG_LON } from './geo.ts';

export const CITY_NAME = '湊浜市';
export const CITY_NAME_EN = 'Minatohama';
export const BOUNDS = { south: 34.555, north: 34.67, west: 134.9, east: 135.1 } as const;

/** Latitude of the mainland shore at a longitude (a harbour bay bends north around 135.035°E). */
export function coastLat(lon: number): number {
  const bay = 0.005 * Math.exp(-(((lon - 135.035) / 0.012) ** 2));
  return 34.6 + 0.0025 * Math.sin((lon - 134.9) * 60) + bay;
}

export interface Island {
  name: string;
  lat: number;
  lon: number;
  rLat: number;
  rLon: number;
}

export const ISLANDS: readonly Island[] = [
  { name: '沖ノ島', lat: 34.5675, lon: 134.93, rLat: 0.0075, rLon: 0.017 },
  { name: '鴎島', lat: 34.574, lon: 134.968, rLat: 0.0042, rLon: 0.0065 },
];

export function islandAt(lat: number, lon: number): Island | undefined {
  return ISLANDS.find((i) => ((lat - i.lat) / i.rLat) ** 2 + ((lon - i.lon) / i.rLon) ** 2 <= 1);
}

export function isLand(lat: number, lon: number): boolean {
  if (lon < BOUNDS.west || lon > BOUNDS.east || lat > BOUNDS.north || lat < BOUNDS.south) return false;
  return lat > coastLat(lon) + 0.00015 || islandAt(lat, lon) !== undefined;
}

/** Metres inland from the mainland shore (negative at sea); islands use distance to their own shore. */
export function metresFromSea(lat: number, lon: number): number {
  const island = islandAt(lat, lon);
  if (island) {
    const r = Math.sqrt(((lat - island.lat) / island.rLat) ** 2 + ((lon - island.lon) / island.rLon) ** 2);
    return (1 - r) * island.rLat * M_PER_DEG_LAT;
  }
  return (lat - coastLat(lon)) * M_PER_DEG_LAT;
}

/** Ground elevation in metres: a gentle rise inland, steep hills north of ~34.645°N and west of ~134.955°E. */
export function elevationM(lat: number, lon: number): number {
  const inland = Math.max(0, metresFromSea(lat, lon));
  const north = Math.max(0, (lat - 34.645 + 0.01 * Math.max(0, 134.96 - lon) * 4) * M_PER_DEG_LAT);
  const west = Math.max(0, (134.952 - lon) * M_PER_DEG_LON) * Math.min(1, inland / 1500);
  const island = islandAt(lat, lon) ? inland * 0.12 : 0;
  return inland * 0.012 + north * 0.11 + west * 0.05 + island;
}

export interface River {
  name: string;
  lonAt: (lat: number) => number;
}

export const RIVERS: readonly River[] = [
  { name: '宮川', lonAt: (lat) => 134.9785 + 0.0015 * Math.sin(lat * 300) },
  { name: '新川', lonAt: (lat) => 135.0525 + 0.0012 * Math.sin(lat * 250 + 1) },
];

/** Metres to the nearest river on the mainland (rivers run from the hills to the sea). */
export function nearestRiver(lat: number, lon: number): { river: River; distanceM: number } | undefined {
  if (islandAt(lat, lon)) return undefined;
  let best: { river: River; distanceM: number } | undefined;
  for (const river of RIVERS) {
    const d = Math.abs(lon - river.lonAt(lat)) * M_PER_DEG_LON;
    if (!best || d < best.distanceM) best = { river, distanceM: d };
  }
  return best;
}

export const CANAL = { name: '湊運河', west: 135.022, east: 135.062, offsetLat: 0.0019 } as const;

export function canalDistanceM(lat: number, lon: number): number {
  if (lon < CANAL.west || lon > CANAL.east) return Number.POSITIVE_INFINITY;
  return Math.abs(lat - (coastLat(lon) + CANAL.offsetLat)) * M_PER_DEG_LAT;
}

export const RAILWAY_NAME = '湊浜臨海線';

export function railLat(lon: number): number {
  return 34.6235 + 0.0012 * Math.sin((lon - 134.9) * 25);
}

export interface Station {
  name: string;
  lon: number;
}

export const STATIONS: readonly Station[] = [
  { name: '湊浜西駅', lon: 134.915 },
  { name: '浜田駅', lon: 134.946 },
  { name: '宮川駅', lon: 134.974 },
  { name: '湊浜駅', lon: 135.006 },
  { name: '港町駅', lon: 135.034 },
  { name: '新川駅', lon: 135.064 },
  { name: '東湊浜駅', lon: 135.09 },
];

export const DOWNTOWN = { lat: 34.618, lon: 135.006, radiusM: 950 } as const;
export const OLD_TOWNS = [
  { name: '北山手', lat: 34.64, lon: 135.011, radiusM: 650 },
  { name: '西浜漁港', lat: 34.6035, lon: 134.918, radiusM: 450 },
] as const;

export function isIndustrial(lat: number, lon: number): boolean {
  return lon > 135.066 && metresFromSea(lat, lon) < 1300;
}
