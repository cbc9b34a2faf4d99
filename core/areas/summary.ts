import type { AreaSummary } from '../../generated/place-lookup/types.gen.ts';
import { servesKarte } from '../layer/karte.ts';
import type { AreaSummary as AreaSummaryRow } from '../store/index.ts';

// A town block as listed by at, nearby and search: the summary columns only (never the geometry or the karte
// itself), with has_karte following the grade rule.

export function toAreaSummary(row: AreaSummaryRow): AreaSummary {
  return {
    town_key: row.town_key,
    name: row.name,
    ward: row.ward,
    coverage_grade: row.coverage_grade,
    n_scenes: row.n_scenes,
    n_sequences: row.n_sequences ?? null,
    year_span: row.year_span ?? null,
    bbox: row.bbox ?? null,
    center: { lat: row.center.lat, lon: row.center.lon },
    has_karte: servesKarte(row),
  };
}
