import { invalidParameter } from '../../core/errors.ts';
import { notes } from '../../core/notes.ts';
import { readSpec, specFiles, specSchema } from '../../core/spec.ts';
import { normalizeName, searchSchools } from '../../core/store/index.ts';
import type { SearchSchoolsData, SearchSchoolsResponses } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf, PlaceReply } from '../types.ts';

// GET /v1/schools/search: elementary schools by part of their name. The store applies the contract's rule (NFKC,
// lowercase, spaces removed, LIKE wildcards escaped, substring of the equally normalized name, ordered by normalized
// name then school_id in code-point order); this caps the list, adds the attribution and the honesty note.

const schoolsLimit = documentedLimit();

export default async function searchSchoolsByName(
  input: InputOf<SearchSchoolsData>,
  ctx: HandlerContext,
): Promise<PlaceReply<SearchSchoolsResponses>> {
  const { q } = input.query;
  const { store, record, manifest } = ctx.data;
  // A q of spaces only would normalize to '' and match every school; like the empty string, it names nothing.
  if (normalizeName(q) === '') throw invalidParameter('q', 'q has no characters left once spaces are removed');
  const { normalizedQuery, results } = await searchSchools(store, record.release_id, q, schoolsLimit);
  return {
    note: results.length === 0 ? notes.zeroResults('小学校') : '',
    query: q,
    normalized_query: normalizedQuery,
    count: results.length,
    results: results.map(({ school_id, name, lat, lon }) => ({ school_id, name, lat, lon })),
    source: manifest.schools_source,
  };
}

// spec: components.schemas.SchoolsBody, the maxItems of `results`.
function documentedLimit(): number {
  const properties = specSchema(readSpec(specFiles.placeLookup), 'SchoolsBody').properties as Record<
    string,
    { maxItems?: unknown }
  >;
  const limit = properties.results?.maxItems;
  if (typeof limit !== 'number') throw new Error('spec: SchoolsBody.results states no maxItems');
  return limit;
}
