import { type ChangesQuery, findNearbyChanges } from '../../core/changes/nearby.ts';
import { changeFieldNotes, composeChangesNote } from '../../core/changes/notes.ts';
import { toChangeSummary } from '../../core/changes/summary.ts';
import { choosePolicy } from '../../core/data/quality.ts';
import { invalidParameter } from '../../core/errors.ts';
import { resolveRadius } from '../../core/legacy-params.ts';
import type { ListChangesNearbyData, ListChangesNearbyResponses } from '../../generated/place-lookup/types.gen.ts';
import { filled, type HandlerContext, type InputOf, type PlaceReply } from '../types.ts';

// GET /v1/changes/nearby: changes whose road-group centre lies within the radius, filtered by status, category and
// years, nearest first. quality and generation are validated (an unknown generation is 400) and echoed in
// quality_policy, but they never filter changes: a change does not depend on an observation generation.

export default function listChangesNearby(
  input: InputOf<ListChangesNearbyData>,
  ctx: HandlerContext,
): PlaceReply<ListChangesNearbyResponses> {
  const query = filled(input.query, 'radius_m', 'limit', 'status', 'quality');
  const yearFrom = query.year_from ?? null;
  const yearTo = query.year_to ?? null;
  if (yearFrom !== null && yearTo !== null && yearTo < yearFrom) {
    throw invalidParameter('year_to', `year_to (${yearTo}) must not be below year_from (${yearFrom})`);
  }
  const { policy } = choosePolicy(ctx.data.scenes.light, query.quality, query.generation ?? null);
  const search: ChangesQuery = {
    lat: Number(query.lat),
    lon: Number(query.lon),
    radiusM: resolveRadius(query, ctx),
    limit: query.limit,
    category: query.category ?? null,
    status: query.status,
    yearFrom,
    yearTo,
  };
  const { hits, candidateTruncated } = findNearbyChanges(ctx.data.changes, search);
  const results = hits.map((hit) => toChangeSummary(hit.row, hit.distanceM));
  return {
    quality_policy: policy,
    note: composeChangesNote(results.length),
    query: {
      lat: search.lat,
      lon: search.lon,
      radius_m: search.radiusM,
      limit: search.limit,
      category: search.category,
      status: search.status,
      year_from: yearFrom,
      year_to: yearTo,
    },
    count: results.length,
    results,
    candidate_truncated: candidateTruncated,
    field_notes: changeFieldNotes(ctx.data.manifest.verification_method, policy),
  };
}
