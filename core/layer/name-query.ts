import type { NameSearchQuery } from '../../generated/place-lookup/types.gen.ts';
import { invalidParameter } from '../errors.ts';
import { normalizeName } from '../store/index.ts';

// Name search over streets and town blocks: q is matched as a substring of the NFKC-normalised name (both sides
// normalised the same way, LIKE wildcards literal), optionally within one ward.

/** A q that normalises to nothing (spaces only) would match every name: it is a 400 like the empty string. */
export function assertSearchableName(q: string): void {
  if (normalizeName(q) === '') {
    throw invalidParameter('q', 'q has no characters left after normalisation (spaces only); give part of a name');
  }
}

/** The search as the response echoes it: an omitted ward is null. */
export function echoNameQuery(query: { q: string; ward?: string; limit: number }): NameSearchQuery {
  return { q: query.q, ward: query.ward ?? null, limit: query.limit };
}
