import { layerHeader, layerNotes } from '../../core/layer/header.ts';
import { assertSearchableName, echoNameQuery } from '../../core/layer/name-query.ts';
import { gradeDListNote, joinNotes, zeroNote } from '../../core/layer/notes.ts';
import { searchStreets as readStreetsByName } from '../../core/store/index.ts';
import { toStreetSummary } from '../../core/streets/summary.ts';
import type { SearchStreetsData, SearchStreetsResponses } from '../../generated/place-lookup/types.gen.ts';
import { filled, type HandlerContext, type InputOf, type PlaceReply } from '../types.ts';

// GET /v1/streets/search: named streets whose normalised name contains q, optionally within one ward; exact names
// first, then names starting with q, then the best-covered (the store's order).

export default async function searchStreets(
  input: InputOf<SearchStreetsData>,
  ctx: HandlerContext,
): Promise<PlaceReply<SearchStreetsResponses>> {
  const query = echoNameQuery(filled(input.query, 'limit'));
  assertSearchableName(query.q);
  const { data } = ctx;
  const { results } = await readStreetsByName(data.store, data.record.release_id, query);
  const streets = results.map(toStreetSummary);
  return {
    ...layerHeader(data.manifest),
    query,
    count: streets.length,
    results: streets,
    notes: layerNotes(data.manifest),
    note: streets.length === 0 ? zeroNote('名前の通り') : joinNotes([gradeDListNote('通り', streets)]),
  };
}
