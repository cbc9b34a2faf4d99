/**
 * The filters a page is computed with (`applied_filters`): request values, or a ward / years understood from the
 * query when the request left them open, and the warnings for filters that can match nothing.
 */
import type { AppliedFilters as AppliedFiltersBody } from '../../generated/scenery-search/types.gen.ts';
import type { Corpus } from './corpus.ts';
import type { Interpretation } from './interpretation-types.ts';
import type { ResolvedRequest } from './request.ts';

/** `applied_filters` as the spec types it, every key sent. */
export type AppliedFilters = Required<AppliedFiltersBody>;

export function applyFilters(
  request: ResolvedRequest,
  interpretation: Interpretation,
  listedWards: ReadonlySet<string>,
): AppliedFilters {
  const place = interpretation.places.find((p) => p.applied);
  const ward = request.ward !== '' ? request.ward : (place?.ward ?? '');
  const wardSource = request.ward !== '' ? 'request' : place ? 'query' : 'none';
  const wardListed = ward === '' || listedWards.has(ward);

  let yearFrom = request.year_from;
  let yearTo = request.year_to;
  let yearsSource: AppliedFilters['years_source'] = request.yearsSent ? 'request' : 'default';
  let includeUnknown = yearFrom === 0 && yearTo === null;
  const named = interpretation.years.filter((y) => y.applied);
  if (named.length > 0) {
    // Several years named: search their envelope (2015年と2019年 → 2015-2019).
    const froms = named.map((y) => y.from);
    const tos = named.map((y) => y.to);
    yearFrom = froms.includes(null) ? 0 : Math.min(...(froms as number[]));
    yearTo = tos.includes(null) ? null : Math.max(...(tos as number[]));
    yearsSource = 'query';
    includeUnknown = false;
  }
  return {
    preset: interpretation.source === 'preset' ? request.preset : null,
    ward,
    ward_source: wardSource,
    ward_listed: wardListed,
    year_from: yearFrom,
    year_to: yearTo,
    years_source: yearsSource,
    include_unknown_years: includeUnknown,
    mode: request.mode,
    bbox: request.bbox,
    limit: request.limit,
  };
}

/** Warnings about the filters in effect: ones that can match nothing, and a preset set aside. */
export function filterWarnings(
  filters: AppliedFilters,
  interpretation: Interpretation,
  sentPreset: string | null,
): string[] {
  const warnings: string[] = [];
  if (!filters.ward_listed)
    warnings.push(`ward "${filters.ward}" is not a label listed by /explore/api/meta, so nothing can match`);
  if (filters.year_to !== null && filters.year_from > filters.year_to) {
    warnings.push(`year_from ${filters.year_from} is after year_to ${filters.year_to}, so no capture year can match`);
  }
  if (interpretation.preset_set_aside) warnings.push(`preset "${sentPreset}" was set aside because a query was given`);
  return warnings;
}

/** Whether the filters can match anything at all (an unlisted ward or an empty year range cannot). */
export function filtersCanMatch(filters: AppliedFilters): boolean {
  if (!filters.ward_listed) return false;
  return !(filters.year_to !== null && filters.year_from > filters.year_to);
}

/** A fast per-document test of the filters against the corpus columns. */
export function compileFilter(corpus: Corpus, filters: AppliedFilters): (doc: number) => boolean {
  const wardIndex = filters.ward === '' ? -2 : corpus.wards.indexOf(filters.ward);
  const from = filters.year_from;
  const to = filters.year_to ?? 99_999;
  const unknownOk = filters.include_unknown_years;
  const b = filters.bbox;
  const { ward, year, lat, lon } = corpus;
  return (doc) => {
    if (wardIndex !== -2 && ward[doc] !== wardIndex) return false;
    const y = year[doc] as number;
    if (y === 0 ? !unknownOk : y < from || y > to) return false;
    if (b) {
      const x = lon[doc] as number;
      const z = lat[doc] as number;
      if (x < b[0] || x > b[2] || z < b[1] || z > b[3]) return false;
    }
    return true;
  };
}
