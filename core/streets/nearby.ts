import type { StreetNearbyItem, UnnamedEdge } from '../../generated/place-lookup/types.gen.ts';
import type { LineIndex } from '../geo/line-index.ts';
import { minEdgeScenes } from '../layer/spec-rules.ts';
import type { EdgeLight, StreetSummary } from '../store/index.ts';
import { toStreetSummary } from './summary.ts';

// Streets near a point: served road edges (enough scenes: minEdgeScenes, from the spec) within the radius, grouped
// into named streets (the layer's street_id already stands for "same name within a ward"), nearest first by their
// nearest edge; unnamed roads stay per edge. Both lists are cut at `limit`; n_edges_considered counts every eligible
// edge within the radius.

export interface StreetsNearbyLayer {
  edges: { rows: readonly EdgeLight[]; index: LineIndex };
  streets: { byId: ReadonlyMap<number, StreetSummary> };
}

export interface StreetsNearbyQuery {
  lat: number;
  lon: number;
  radiusM: number;
  limit: number;
}

export interface StreetsNearbyResult {
  streets: StreetNearbyItem[];
  unnamed_edges: UnnamedEdge[];
  n_edges_considered: number;
  /** Named streets and unnamed edges within the radius before the limit. */
  streetsFound: number;
  unnamedFound: number;
  /** Edges naming a street_id the layer does not have; served as unnamed. */
  orphanEdges: number;
}

/** Distances are measured unrounded and ordered on that; the response shows decimetres. */
export function roundDistance(meters: number): number {
  return Math.round(meters * 10) / 10;
}

interface Group {
  street: StreetSummary;
  edgeId: string;
  distanceM: number;
}

interface Unnamed {
  edge: EdgeLight;
  distanceM: number;
}

function toUnnamedView({ edge, distanceM }: Unnamed): UnnamedEdge {
  return {
    edge_id: edge.edge_id,
    highway_class: edge.highway_class ?? null,
    length_m: edge.length_m ?? null,
    n_scenes: edge.n_scenes,
    dist_m: roundDistance(distanceM),
    town_key: edge.town_key,
    ward: edge.ward ?? null,
  };
}

export function findStreetsNearby(layer: StreetsNearbyLayer, query: StreetsNearbyQuery): StreetsNearbyResult {
  const hits = layer.edges.index.near(query.lat, query.lon, { radiusM: query.radiusM });
  const groups = new Map<number, Group>();
  const unnamed: Unnamed[] = [];
  let considered = 0;
  let orphanEdges = 0;
  for (const hit of hits) {
    const edge = layer.edges.rows[hit.line];
    if (!edge || edge.n_scenes < minEdgeScenes) continue;
    considered++;
    const street = edge.street_id === null ? undefined : layer.streets.byId.get(edge.street_id);
    if (!street) {
      if (edge.street_id !== null) orphanEdges++;
      unnamed.push({ edge, distanceM: hit.distanceM });
      continue;
    }
    const known = groups.get(street.street_id);
    // Hits arrive nearest first, so a street's first edge is its nearest; equal distances keep the lower edge id.
    if (!known || hit.distanceM < known.distanceM || (hit.distanceM === known.distanceM && edge.edge_id < known.edgeId))
      groups.set(street.street_id, { street, edgeId: edge.edge_id, distanceM: hit.distanceM });
  }
  const streets = [...groups.values()].sort(
    (a, b) => a.distanceM - b.distanceM || a.street.street_id - b.street.street_id,
  );
  unnamed.sort((a, b) => a.distanceM - b.distanceM || compareText(a.edge.edge_id, b.edge.edge_id));
  return {
    streets: streets.slice(0, query.limit).map((group) => ({
      ...toStreetSummary(group.street),
      nearest_edge: { edge_id: group.edgeId, dist_m: roundDistance(group.distanceM) },
    })),
    unnamed_edges: unnamed.slice(0, query.limit).map(toUnnamedView),
    n_edges_considered: considered,
    streetsFound: streets.length,
    unnamedFound: unnamed.length,
    orphanEdges,
  };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
