import type { ServedRelease } from '../data/served-release.ts';
import { invalidParameter } from '../errors.ts';
import { layerHeader, layerNotes } from '../layer/header.ts';
import { joinNotes, layerNoteText, zeroNote } from '../layer/notes.ts';
import { normalizeName, searchStreets } from '../store/index.ts';
import { toStreetSummary } from './summary.ts';

// Name search over streets and areas: q is matched as a substring of the NFKC-normalised name (both sides normalised
// the same way, LIKE wildcards literal), optionally within one ward.

export interface NameQueryInput {
  q: string;
  ward?: string | undefined;
  limit: number;
}

/** A q that normalises to nothing (spaces only) would match every name: it is a 400 like the empty string. */
export function assertSearchableName(q: string): void {
  if (normalizeName(q) === '') {
    throw invalidParameter('q', 'q has no characters left after normalisation (spaces only); give part of a name');
  }
}

export function echoNameQuery(input: NameQueryInput): { q: string; ward: string | null; limit: number } {
  return { q: input.q, ward: input.ward ?? null, limit: input.limit };
}

export async function searchStreetsBody(data: ServedRelease, input: NameQueryInput) {
  assertSearchableName(input.q);
  const { results } = await searchStreets(data.store, data.record.release_id, {
    q: input.q,
    ward: input.ward ?? null,
    limit: input.limit,
  });
  const streets = results.map(toStreetSummary);
  return {
    ...layerHeader(data.manifest),
    query: echoNameQuery(input),
    count: streets.length,
    results: streets,
    notes: layerNotes(data.manifest),
    note:
      streets.length === 0
        ? zeroNote('名前の通り')
        : joinNotes([streets.some((street) => street.coverage_grade === 'D') && layerNoteText.gradeDInList('通り')]),
  };
}
