import type { SchoolsBody } from '../../generated/place-lookup/types.gen.ts';
import { invalidParameter } from '../errors.ts';
import { notes } from '../notes.ts';
import { normalizeName, type Queryable, searchSchools } from '../store/index.ts';

// Elementary schools by part of their name. The store applies the contract's rule (NFKC, lowercase, spaces removed,
// LIKE wildcards escaped, substring of the equally normalized name, ordered by normalized name then school_id in
// code-point order, at most 10); this adds the attribution and the honesty note.

export const schoolsLimit = 10;

export interface SchoolSources {
  store: Queryable;
  releaseId: string;
  source: string;
}

export async function findSchools(sources: SchoolSources, q: string): Promise<SchoolsBody & { note: string }> {
  // A q of spaces only would normalize to '' and match every school; like the empty string, it names nothing.
  if (normalizeName(q) === '') throw invalidParameter('q', 'q has no characters left once spaces are removed');
  const { normalizedQuery, results } = await searchSchools(sources.store, sources.releaseId, q, schoolsLimit);
  return {
    note: results.length === 0 ? notes.zeroResults('小学校') : '',
    query: q,
    normalized_query: normalizedQuery,
    count: results.length,
    results: results.map(({ school_id, name, lat, lon }) => ({ school_id, name, lat, lon })),
    source: sources.source,
  };
}
