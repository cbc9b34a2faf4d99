import { layerHeader, layerNotes, requireLayer } from '../../core/layer/header.ts';
import { joinNotes, layerNoteText, zeroNote } from '../../core/layer/notes.ts';
import { findStreetsNearby, type StreetsNearbyResult } from '../../core/streets/nearby.ts';
import type { ListStreetsNearbyData, ListStreetsNearbyResponses } from '../../generated/place-lookup/types.gen.ts';
import { filled, type HandlerContext, type InputOf, type PlaceReply } from '../types.ts';

// GET /v1/streets/nearby: road edges with at least 15 scenes within the radius, grouped into named streets, nearest
// first; unnamed roads listed per edge. Both lists are cut at `limit` and the note says when more were found.

export default function listStreetsNearby(
  input: InputOf<ListStreetsNearbyData>,
  ctx: HandlerContext,
): PlaceReply<ListStreetsNearbyResponses> {
  const { lat, lon, radius_m, limit } = filled(input.query, 'radius_m', 'limit');
  const { data } = ctx;
  requireLayer(data.manifest);
  const result = findStreetsNearby(data, { lat: Number(lat), lon: Number(lon), radiusM: radius_m, limit });
  return {
    ...layerHeader(data.manifest),
    query: { lat: Number(lat), lon: Number(lon), radius_m, limit },
    streets: result.streets,
    unnamed_edges: result.unnamed_edges,
    n_edges_considered: result.n_edges_considered,
    notes: layerNotes(data.manifest),
    note: nearbyNote(result, limit),
  };
}

function nearbyNote(result: StreetsNearbyResult, limit: number): string {
  if (result.streetsFound === 0 && result.unnamedFound === 0) return zeroNote('道路区間（写真15枚以上）');
  return joinNotes([
    result.streetsFound === 0 && layerNoteText.onlyUnnamed,
    result.streetsFound > limit && layerNoteText.streetsCut(limit, result.streetsFound),
    result.unnamedFound > limit && layerNoteText.unnamedCut(limit, result.unnamedFound),
    result.streets.some((street) => street.coverage_grade === 'D') && layerNoteText.gradeDInList('通り'),
    result.orphanEdges > 0 && layerNoteText.orphanEdges(result.orphanEdges),
  ]);
}
