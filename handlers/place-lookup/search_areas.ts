import { toAreaSummary } from '../../core/areas/summary.ts';
import { layerHeader, layerNotes } from '../../core/layer/header.ts';
import { assertSearchableName, echoNameQuery } from '../../core/layer/name-query.ts';
import { gradeDListNote, joinNotes, zeroNote } from '../../core/layer/notes.ts';
import { searchAreas as readAreasByName } from '../../core/store/index.ts';
import type { SearchAreasData, SearchAreasResponses } from '../../generated/place-lookup/types.gen.ts';
import { filled, type HandlerContext, type InputOf, type PlaceReply } from '../types.ts';

// GET /v1/areas/search: town blocks whose normalised name contains q, optionally within one ward, in the same order
// as street search (exact names, then names starting with q, then the best-covered).

export default async function searchAreas(
  input: InputOf<SearchAreasData>,
  ctx: HandlerContext,
): Promise<PlaceReply<SearchAreasResponses>> {
  const query = echoNameQuery(filled(input.query, 'limit'));
  assertSearchableName(query.q);
  const { data } = ctx;
  const { results } = await readAreasByName(data.store, data.record.release_id, query);
  const areas = results.map(toAreaSummary);
  return {
    ...layerHeader(data.manifest),
    query,
    count: areas.length,
    results: areas,
    notes: layerNotes(data.manifest),
    note: areas.length === 0 ? zeroNote('名前の町丁目') : joinNotes([gradeDListNote('町丁目', areas)]),
  };
}
