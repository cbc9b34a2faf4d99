/**
 * A search body with its defaults filled in, and what the response reports about it (applied_filters, next_request).
 * Validation repeats the spec's rules so the library is safe to call without the HTTP router in front of it.
 */
import { ApiError, invalidParameter } from '../errors.ts';

export type SearchMode = 'jev' | 'text';
export type Bbox = [number, number, number, number];

/** The body as the client sent it (validated or not): omitted keys are undefined, not defaults. */
export interface SearchRequestBody {
  query?: string;
  preset?: string | null;
  ward?: string;
  year_from?: number;
  year_to?: number | null;
  mode?: SearchMode;
  bbox?: number[] | null;
  cursor?: string | null;
  limit?: number;
}

export interface ResolvedRequest {
  query: string | null;
  preset: string | null;
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

export const DEFAULT_YEAR_FROM = 2018;
export const DEFAULT_LIMIT = 24;
export const MAX_YEAR = 2026;
const PRESETS = ['green_walk', 'waterside', 'retro', 'arcade', 'steps', 'flowers', 'shrine', 'brick'];

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

function readBbox(value: unknown): Bbox | null {
  if (value === undefined || value === null) return null;
  const ranges = [180, 90, 180, 90];
  if (!Array.isArray(value) || value.length !== 4)
    throw invalidParameter('bbox', 'bbox must be [west, south, east, north]');
  value.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > (ranges[i] as number)) {
      throw invalidParameter('bbox', `bbox[${i}] must be a number within ±${ranges[i]}`);
    }
  });
  return value as Bbox;
}

/**
 * `sentKeys`: the keys the client really sent, when `body` has already had its defaults filled in (by a validator);
 * without it, a key is taken as sent when it is present in `body`.
 */
export function resolveRequest(body: SearchRequestBody, sentKeys?: readonly string[]): ResolvedRequest {
  const { query, preset, ward, year_from, year_to, mode, cursor, limit } = body;
  if (query !== undefined && (typeof query !== 'string' || [...query].length > 200 || !/\S/u.test(query))) {
    throw invalidParameter('query', 'query must be 1-200 characters with at least one non-whitespace character');
  }
  if (preset !== undefined && preset !== null && !PRESETS.includes(preset)) {
    throw invalidParameter('preset', `preset must be one of ${PRESETS.join(', ')} or null`);
  }
  if (ward !== undefined && (typeof ward !== 'string' || [...ward].length > 30)) {
    throw invalidParameter('ward', 'ward must be a string of at most 30 characters');
  }
  if (
    year_from !== undefined &&
    !(isInteger(year_from) && (year_from === 0 || (year_from >= 2000 && year_from <= MAX_YEAR)))
  ) {
    throw invalidParameter('year_from', `year_from must be 0 or 2000-${MAX_YEAR}`);
  }
  if (year_to !== undefined && year_to !== null && !(isInteger(year_to) && year_to >= 1900 && year_to <= MAX_YEAR)) {
    throw invalidParameter('year_to', `year_to must be 1900-${MAX_YEAR} or null`);
  }
  if (mode !== undefined && mode !== 'jev' && mode !== 'text')
    throw invalidParameter('mode', 'mode must be jev or text');
  if (cursor !== undefined && cursor !== null && !/^[0-9a-f]{64}$/.test(cursor)) {
    throw invalidParameter('cursor', 'cursor must be 64 lowercase hexadecimal characters');
  }
  if (limit !== undefined && !(isInteger(limit) && limit >= 1 && limit <= 24)) {
    throw invalidParameter('limit', 'limit must be an integer from 1 to 24');
  }
  const bbox = readBbox(body.bbox);
  if (query === undefined && (preset === undefined || preset === null)) {
    throw new ApiError('query_or_preset_required', 'send a query or a preset');
  }
  return {
    query: query ?? null,
    preset: preset ?? null,
    ward: ward ?? '',
    year_from: year_from ?? DEFAULT_YEAR_FROM,
    year_to: year_to ?? null,
    mode: mode ?? 'jev',
    bbox,
    limit: limit ?? DEFAULT_LIMIT,
    cursor: cursor ?? null,
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
