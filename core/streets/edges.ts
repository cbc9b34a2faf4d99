import type { ServedRelease } from '../data/served-release.ts';
import { ApiError } from '../errors.ts';
import { layerRelease } from '../layer/header.ts';
import type { EdgeRow } from '../release/types.ts';
import { type EdgeLight, getEdge } from '../store/index.ts';
import { MIN_EDGE_SCENES } from './nearby.ts';

// Road edges: segments cut at intersections, served only with at least 15 scenes (below that an edge is not part of
// the layer's answers anywhere, so its id is not found here either). Numbers only, no karte.

export interface EdgeSummaryView {
  edge_id: string;
  name: string | null;
  town_key: string;
  ward: string | null;
  highway_class: string | null;
  length_m: number | null;
  n_scenes: number;
}

export function isServedEdge(edge: Pick<EdgeLight, 'n_scenes'>): boolean {
  return edge.n_scenes >= MIN_EDGE_SCENES;
}

export function toEdgeSummary(edge: EdgeLight | EdgeRow): EdgeSummaryView {
  return {
    edge_id: edge.edge_id,
    name: edge.name ?? null,
    town_key: edge.town_key,
    ward: edge.ward ?? null,
    highway_class: edge.highway_class ?? null,
    length_m: edge.length_m ?? null,
    n_scenes: edge.n_scenes,
  };
}

export async function edgeDetailBody(data: ServedRelease, edgeId: string) {
  const row = await getEdge(data.store, data.record.release_id, edgeId);
  if (!row || !isServedEdge(row)) {
    throw new ApiError(
      'not_found',
      `No edge ${edgeId} in the served street layer; GET /v1/streets/nearby lists edges`,
      {
        field: 'edge_id',
      },
    );
  }
  return {
    la_release: layerRelease(data.manifest),
    ...toEdgeSummary(row),
    street_id: row.street_id ?? null,
    geom: row.geom,
    profile: row.profile,
    note: '',
  };
}
