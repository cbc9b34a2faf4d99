import type { ServedRelease } from '../data/served-release.ts';
import { layerHeader, layerNotes } from '../layer/header.ts';
import { joinNotes, layerNoteText, zeroNote } from '../layer/notes.ts';
import { type AreasNearbyQuery, findAreaAt, findAreasNearby } from './lookup.ts';

// GET /v1/areas/at and /v1/areas/nearby as bodies (the envelope is added by the HTTP layer).

function gradeDNote(areas: readonly { coverage_grade: string }[]): string | false {
  return areas.some((area) => area.coverage_grade === 'D') && layerNoteText.gradeDInList('町丁目');
}

export function areaAtBody(data: ServedRelease, lat: number, lon: number) {
  const area = findAreaAt(data.areas, lat, lon);
  return {
    ...layerHeader(data.manifest),
    query: { lat, lon },
    area,
    notes: layerNotes(data.manifest),
    note: area === null ? layerNoteText.areaOutside : joinNotes([gradeDNote([area])]),
  };
}

export function areasNearbyBody(data: ServedRelease, query: AreasNearbyQuery) {
  const results = findAreasNearby(data.areas, query);
  return {
    ...layerHeader(data.manifest),
    query: { lat: query.lat, lon: query.lon, radius_m: query.radiusM, limit: query.limit },
    count: results.length,
    results,
    notes: layerNotes(data.manifest),
    note: results.length === 0 ? zeroNote('町丁目（中心が半径内にあるもの）') : joinNotes([gradeDNote(results)]),
  };
}
