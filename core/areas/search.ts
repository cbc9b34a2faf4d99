import type { ServedRelease } from '../data/served-release.ts';
import { layerHeader, layerNotes } from '../layer/header.ts';
import { assertSearchableName, echoNameQuery } from '../layer/name-query.ts';
import { joinNotes, layerNoteText, zeroNote } from '../layer/notes.ts';
import { searchAreas } from '../store/index.ts';
import { toAreaSummary } from './summary.ts';

// GET /v1/areas/search: the same name rule as streets (NFKC substring, literal wildcards, optional ward).

export async function searchAreasBody(data: ServedRelease, input: { q: string; ward?: string; limit: number }) {
  assertSearchableName(input.q);
  const { results } = await searchAreas(data.store, data.record.release_id, {
    q: input.q,
    ward: input.ward ?? null,
    limit: input.limit,
  });
  const areas = results.map(toAreaSummary);
  return {
    ...layerHeader(data.manifest),
    query: echoNameQuery(input),
    count: areas.length,
    results: areas,
    notes: layerNotes(data.manifest),
    note:
      areas.length === 0
        ? zeroNote('名前の町丁目')
        : joinNotes([areas.some((area) => area.coverage_grade === 'D') && layerNoteText.gradeDInList('町丁目')]),
  };
}
