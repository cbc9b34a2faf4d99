import type { AreaNearbyItem, AreaSummary } from '../../generated/place-lookup/types.gen.ts';
import type { PolygonIndex } from '../geo/polygon-index.ts';
import type { AreaSummary as AreaSummaryRow } from '../store/index.ts';
import { toAreaSummary } from './summary.ts';

// Town blocks by position: the block whose polygon holds a point (closed polygons; on a shared edge the lowest
// town_key wins because the layer is indexed in town_key order), and blocks whose centre lies within a radius,
// nearest centre first.

export interface AreasLayer {
  rows: readonly AreaSummaryRow[];
  index: PolygonIndex;
}

export interface AreasNearbyQuery {
  lat: number;
  lon: number;
  radiusM: number;
  limit: number;
}

export function findAreaAt(layer: AreasLayer, lat: number, lon: number): AreaSummary | null {
  const found = layer.index.containing(lat, lon);
  const row = found < 0 ? undefined : layer.rows[found];
  return row ? toAreaSummary(row) : null;
}

/** Ordered on the unrounded centre distance; center_dist_m shows whole metres. */
export function findAreasNearby(layer: AreasLayer, query: AreasNearbyQuery): AreaNearbyItem[] {
  const hits = layer.index.nearbyByCenter(query.lat, query.lon, { radiusM: query.radiusM, limit: query.limit });
  const views: AreaNearbyItem[] = [];
  for (const hit of hits) {
    const row = layer.rows[hit.index];
    if (row) views.push({ ...toAreaSummary(row), center_dist_m: Math.round(hit.distanceM) });
  }
  return views;
}
