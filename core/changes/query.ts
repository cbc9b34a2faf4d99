import type { ListChangesNearbyData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext } from '../context.ts';
import { choosePolicy, DEFAULT_QUALITY, type Quality, type QualityPolicy } from '../data/quality.ts';
import { invalidParameter } from '../errors.ts';
import { resolveRadius } from '../legacy-params.ts';
import type { ChangeCategory, ChangeStatus } from '../release/types.ts';

// The validated query of GET /v1/changes/nearby turned into what the search needs. quality and generation are
// validated (an unknown generation is 400) and echoed, but they never filter changes.

export const changesDefaults = { radiusM: 500, limit: 20, status: 'supported' } as const;

export interface ChangesQuery {
  lat: number;
  lon: number;
  radiusM: number;
  limit: number;
  category: ChangeCategory | null;
  status: ChangeStatus;
  yearFrom: number | null;
  yearTo: number | null;
}

export function checkYearRange(yearFrom: number | null, yearTo: number | null): void {
  if (yearFrom !== null && yearTo !== null && yearTo < yearFrom) {
    throw invalidParameter('year_to', `year_to (${yearTo}) must not be below year_from (${yearFrom})`);
  }
}

export function resolveChangesQuery(
  query: NonNullable<ListChangesNearbyData['query']>,
  ctx: HandlerContext,
): { search: ChangesQuery; policy: QualityPolicy } {
  const yearFrom = query.year_from ?? null;
  const yearTo = query.year_to ?? null;
  checkYearRange(yearFrom, yearTo);
  const quality: Quality = query.quality ?? DEFAULT_QUALITY;
  const { policy } = choosePolicy(ctx.data.scenes.light, quality, query.generation ?? null);
  return {
    search: {
      lat: Number(query.lat),
      lon: Number(query.lon),
      radiusM: resolveRadius(query, ctx, changesDefaults.radiusM),
      limit: query.limit ?? changesDefaults.limit,
      category: query.category ?? null,
      status: query.status ?? changesDefaults.status,
      yearFrom,
      yearTo,
    },
    policy,
  };
}
