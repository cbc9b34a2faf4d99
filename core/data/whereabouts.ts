import { choosePolicy, DEFAULT_QUALITY } from './quality.ts';
import type { ServedRelease } from './types.ts';

// Where a release's data is (GET /v1/meta's extent and example_point, the map's starting view).

export interface Whereabouts {
  extent: [number, number, number, number] | null;
  example_point: { lat: number; lon: number } | null;
}

// Computed on the first read of a release (one pass over its scenes) and kept as long as the release is served.
const whereaboutsOf = new WeakMap<ServedRelease, Whereabouts>();

/**
 * The box around the served scenes, and the served scene nearest their mean position among those the default nearby
 * query returns: a scene's own position is within any radius of itself, so nearby there answers at least that scene.
 * Equal distances go to the smaller id.
 */
export function whereabouts(release: ServedRelease): Whereabouts {
  const known = whereaboutsOf.get(release);
  if (known) return known;
  const { light, rowOf } = release.scenes;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  let [latSum, lonSum] = [0, 0];
  for (const row of rowOf) {
    const lat = light.lats[row] as number;
    const lon = light.lons[row] as number;
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    latSum += lat;
    lonSum += lon;
  }
  const served = rowOf.length;
  const shown = choosePolicy(light, DEFAULT_QUALITY, null);
  const centre = { lat: latSum / served, lon: lonSum / served };
  // Degrees of longitude shrink with latitude; this scale makes the comparison of distances near the centre fair.
  const lonScale = Math.cos((centre.lat * Math.PI) / 180);
  let best = -1;
  let bestDistance = Infinity;
  for (const row of rowOf) {
    if (shown.pick(row) < 0) continue;
    const dLat = (light.lats[row] as number) - centre.lat;
    const dLon = ((light.lons[row] as number) - centre.lon) * lonScale;
    const distance = dLat * dLat + dLon * dLon;
    const closer =
      distance < bestDistance ||
      (distance === bestDistance && (light.ids[row] as string) < (light.ids[best] as string));
    if (closer) [best, bestDistance] = [row, distance];
  }
  const found: Whereabouts = {
    extent: served === 0 ? null : [south, west, north, east],
    example_point: best < 0 ? null : { lat: light.lats[best] as number, lon: light.lons[best] as number },
  };
  whereaboutsOf.set(release, found);
  return found;
}
