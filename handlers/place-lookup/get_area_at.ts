import { findAreaAt } from '../../core/areas/lookup.ts';
import { layerHeader, layerNotes } from '../../core/layer/header.ts';
import { gradeDListNote, joinNotes, layerNoteText } from '../../core/layer/notes.ts';
import type { GetAreaAtData, GetAreaAtResponses } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf, PlaceReply } from '../types.ts';

// GET /v1/areas/at: the town block whose polygon holds the point, or area null (a 200) when the served layer has
// none there.

export default function getAreaAt(input: InputOf<GetAreaAtData>, ctx: HandlerContext): PlaceReply<GetAreaAtResponses> {
  const lat = Number(input.query.lat);
  const lon = Number(input.query.lon);
  const { data } = ctx;
  const area = findAreaAt(data.areas, lat, lon);
  return {
    ...layerHeader(data.manifest),
    query: { lat, lon },
    area,
    notes: layerNotes(data.manifest),
    note: area === null ? layerNoteText.areaOutside : joinNotes([gradeDListNote('町丁目', [area])]),
  };
}
