import { findAreasNearby } from '../../core/areas/lookup.ts';
import { layerHeader, layerNotes } from '../../core/layer/header.ts';
import { gradeDListNote, joinNotes, zeroNote } from '../../core/layer/notes.ts';
import type { ListAreasNearbyData, ListAreasNearbyResponses } from '../../generated/place-lookup/types.gen.ts';
import { filled, type HandlerContext, type InputOf, type PlaceReply } from '../types.ts';

// GET /v1/areas/nearby: town blocks whose centre lies within the radius, nearest centre first, cut at `limit`.

export default function listAreasNearby(
  input: InputOf<ListAreasNearbyData>,
  ctx: HandlerContext,
): PlaceReply<ListAreasNearbyResponses> {
  const { lat, lon, radius_m, limit } = filled(input.query, 'radius_m', 'limit');
  const { data } = ctx;
  const results = findAreasNearby(data.areas, { lat: Number(lat), lon: Number(lon), radiusM: radius_m, limit });
  return {
    ...layerHeader(data.manifest),
    query: { lat: Number(lat), lon: Number(lon), radius_m, limit },
    count: results.length,
    results,
    notes: layerNotes(data.manifest),
    note:
      results.length === 0
        ? zeroNote('町丁目（中心が半径内にあるもの）')
        : joinNotes([gradeDListNote('町丁目', results)]),
  };
}
