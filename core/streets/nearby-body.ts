import type { ServedRelease } from '../data/served-release.ts';
import { layerHeader, layerNotes, requireLayer } from '../layer/header.ts';
import { joinNotes, layerNoteText, zeroNote } from '../layer/notes.ts';
import { findStreetsNearby, type StreetsNearbyQuery, type StreetsNearbyResult } from './nearby.ts';

// GET /v1/streets/nearby as a body (the envelope is added by the HTTP layer).

function nearbyNote(result: StreetsNearbyResult, limit: number): string {
  if (result.streetsFound === 0 && result.unnamedFound === 0) {
    return zeroNote('道路区間（写真15枚以上）');
  }
  return joinNotes([
    result.streetsFound === 0 && layerNoteText.onlyUnnamed,
    result.streetsFound > limit && layerNoteText.streetsCut(limit, result.streetsFound),
    result.unnamedFound > limit && layerNoteText.unnamedCut(limit, result.unnamedFound),
    result.streets.some((street) => street.coverage_grade === 'D') && layerNoteText.gradeDInList('通り'),
    result.orphanEdges > 0 && layerNoteText.orphanEdges(result.orphanEdges),
  ]);
}

export function streetsNearbyBody(data: ServedRelease, query: StreetsNearbyQuery) {
  requireLayer(data.manifest);
  const result = findStreetsNearby(data, query);
  return {
    ...layerHeader(data.manifest),
    query: { lat: query.lat, lon: query.lon, radius_m: query.radiusM, limit: query.limit },
    streets: result.streets,
    unnamed_edges: result.unnamed_edges,
    n_edges_considered: result.n_edges_considered,
    notes: layerNotes(data.manifest),
    note: nearbyNote(result, query.limit),
  };
}
