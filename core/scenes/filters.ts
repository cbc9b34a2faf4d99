import type { HandlerContext } from '../context.ts';
import { choosePolicy, type PolicyChooser, type Quality } from '../data/quality.ts';
import { ApiError, invalidParameter } from '../errors.ts';
import { type LegacyQuery, resolveGeneration } from '../legacy-params.ts';
import type { SceneLight } from '../store/index.ts';

// The filters scene endpoints share: the quality policy (with the legacy `gen` alias) and the capture-year range.

export interface YearRange {
  from: number | null;
  to: number | null;
}

/** year_to below year_from is 400 naming year_to; either bound may be absent. */
export function checkYearRange(yearFrom: number | undefined, yearTo: number | undefined): YearRange {
  const from = yearFrom ?? null;
  const to = yearTo ?? null;
  if (from !== null && to !== null && to < from) {
    throw invalidParameter('year_to', `year_to (${to}) must not be below year_from (${from})`);
  }
  return { from, to };
}

export function hasYearBound(range: YearRange): boolean {
  return range.from !== null || range.to !== null;
}

/** Capture years only: with any bound given, a scene of unknown year is left out. */
export function yearInRange(year: number | null, range: YearRange): boolean {
  if (range.from === null && range.to === null) return true;
  if (year === null) return false;
  return (range.from === null || year >= range.from) && (range.to === null || year <= range.to);
}

/** Validation has filled `quality` in (its default is written in the spec only). */
export interface PolicyQuery extends LegacyQuery {
  quality: Quality;
}

/**
 * The quality policy of a request: `generation` (or the legacy `gen`) overrides `quality`; an unknown id is 400
 * naming the parameter the client actually used.
 */
export function resolvePolicy(query: PolicyQuery, ctx: HandlerContext, light: SceneLight): PolicyChooser {
  const generation = resolveGeneration(query, ctx);
  try {
    return choosePolicy(light, query.quality, generation);
  } catch (error) {
    const fromGen = ctx.given.has('gen') && !ctx.given.has('generation');
    if (fromGen && error instanceof ApiError && error.field === 'generation') {
      throw invalidParameter('gen', error.message);
    }
    throw error;
  }
}
