/**
 * A search body with its defaults filled in, and what the response reports about it (applied_filters, next_request).
 * The rules and the defaults are the spec's (contract.ts, request-check.ts).
 */
import type { Bbox, PresetId, SearchMode, SearchRequest } from '../../generated/scenery-search/types.gen.ts';
import { searchDefaults } from './contract.ts';
import { checkSearchRequest } from './request-check.ts';

export type { Bbox, SearchMode, SearchRequest };

/**
 * A body as a caller of the engine may hold it: SearchRequest, with a preset any string (the engine checks the body
 * against the spec, so a script's or a test's unchecked preset is answered like the API answers it).
 */
export type SearchBody = Omit<SearchRequest, 'preset'> & { preset?: string | null };

export interface ResolvedRequest {
  query: string | null;
  preset: PresetId | null;
  ward: string;
  year_from: number;
  year_to: number | null;
  mode: SearchMode;
  bbox: Bbox | null;
  limit: number;
  cursor: string | null;
  /** Whether year_from or year_to was sent (then years named in the query are not applied). */
  yearsSent: boolean;
}

/**
 * `body` as the client sent it, validated or not (it is checked here). `sentKeys`: the keys the client really sent,
 * when `body` has already had its defaults filled in (by a validator); without it, a key is taken as sent when it is
 * present in `body`.
 */
export function resolveRequest(body: SearchBody, sentKeys?: readonly string[]): ResolvedRequest {
  checkSearchRequest(body);
  const { query, preset, ward, year_from, year_to, mode, bbox, cursor, limit } = body;
  return {
    query: query ?? null,
    preset: preset ?? searchDefaults.preset,
    ward: ward ?? searchDefaults.ward,
    year_from: year_from ?? searchDefaults.year_from,
    year_to: year_to ?? searchDefaults.year_to,
    mode: mode ?? searchDefaults.mode,
    bbox: bbox ?? searchDefaults.bbox,
    limit: limit ?? searchDefaults.limit,
    cursor: cursor ?? searchDefaults.cursor,
    yearsSent: sentKeys
      ? sentKeys.includes('year_from') || (sentKeys.includes('year_to') && year_to !== null && year_to !== undefined)
      : year_from !== undefined || (year_to !== undefined && year_to !== null),
  };
}

/** The conditions a cursor is bound to, in the order a mismatch is reported. */
export const BOUND_FIELDS = ['query', 'preset', 'ward', 'year_from', 'year_to', 'mode', 'bbox', 'limit'] as const;
export type Binding = Pick<ResolvedRequest, (typeof BOUND_FIELDS)[number]>;

export function bindingOf(request: ResolvedRequest): Binding {
  const { query, preset, ward, year_from, year_to, mode, bbox, limit } = request;
  return { query, preset, ward, year_from, year_to, mode, bbox: bbox ? [...bbox] : null, limit };
}

/** `pagination.next_request`: every key written out (query omitted for a preset-only search). */
export function nextRequest(binding: Binding, cursor: string): Record<string, unknown> {
  const { query, ...rest } = binding;
  return { ...(query === null ? {} : { query }), ...rest, cursor };
}
