import type { EdgeSummary } from '../../generated/place-lookup/types.gen.ts';
import { minEdgeScenes } from '../layer/spec-rules.ts';
import type { EdgeRow } from '../release/types.ts';
import type { EdgeLight } from '../store/index.ts';

// Road edges: segments cut at intersections, served only with at least the spec's minimum of scenes (below that an
// edge is not part of the layer's answers anywhere, so its id is not found either). Numbers only, no karte.

export function isServedEdge(edge: Pick<EdgeLight, 'n_scenes'>): boolean {
  return edge.n_scenes >= minEdgeScenes;
}

export function toEdgeSummary(edge: EdgeLight | EdgeRow): EdgeSummary {
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
