// The rbush baseline for scenes, the way a generic R-tree answers nearby: bbox search, exact distance filter, full
// sort, the candidate cap, the caller's filter, top k. Timed next to the scene index on the same points.
import RBush from 'rbush';
import { boundingBoxForRadius, splitAtAntimeridian } from '../../../core/geo/bounding-box.ts';
import { haversineMeters } from '../../../core/geo/haversine.ts';
import type { TieBreak } from '../../../core/geo/point-index.ts';
import { SCENE_CANDIDATE_CAP } from '../../../core/geo/scene-index.ts';
import type { City } from './synthetic-city.ts';

interface RBushPoint {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  i: number;
}

/** Hits kept plus one when the circle held more than the cap: a number, so the work cannot be optimised away. */
export type RBushNearby = (
  lat: number,
  lon: number,
  radiusM: number,
  limit: number,
  keep: (i: number) => boolean,
) => number;

export function loadRBush(city: City, points: number): RBush<RBushPoint> {
  const items: RBushPoint[] = new Array(points);
  for (let i = 0; i < points; i++) {
    const lat = city.lats[i] as number;
    const lon = city.lons[i] as number;
    items[i] = { minX: lon, minY: lat, maxX: lon, maxY: lat, i };
  }
  return new RBush<RBushPoint>(16).load(items);
}

export function rbushNearbyOf(tree: RBush<RBushPoint>, compareTies: TieBreak): RBushNearby {
  return (lat, lon, radiusM, limit, keep) => {
    const found: { i: number; d: number }[] = [];
    for (const box of splitAtAntimeridian(boundingBoxForRadius(lat, lon, radiusM))) {
      for (const item of tree.search({ minX: box.minLon, minY: box.minLat, maxX: box.maxLon, maxY: box.maxLat })) {
        const d = haversineMeters(lat, lon, item.minY, item.minX);
        if (d <= radiusM) found.push({ i: item.i, d });
      }
    }
    found.sort((a, b) => a.d - b.d || compareTies(a.i, b.i));
    const hits: number[] = [];
    for (let k = 0; k < Math.min(found.length, SCENE_CANDIDATE_CAP) && hits.length < limit; k++) {
      const hit = found[k] as { i: number; d: number };
      if (keep(hit.i)) hits.push(hit.i);
    }
    return hits.length + (found.length > SCENE_CANDIDATE_CAP ? 1 : 0);
  };
}
