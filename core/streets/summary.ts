import type { StreetSummary } from '../../generated/place-lookup/types.gen.ts';
import { servesKarte } from '../layer/karte.ts';
import type { StreetSummary as StreetSummaryRow } from '../store/index.ts';

// A named street as listed by nearby and search: the summary columns only (never the axis or the karte itself), with
// has_karte following the grade rule.

export function toStreetSummary(row: StreetSummaryRow): StreetSummary {
  return {
    street_id: row.street_id,
    name: row.name,
    ward: row.ward ?? null,
    highway_class: row.highway_class ?? null,
    length_m: row.length_m ?? null,
    coverage_grade: row.coverage_grade,
    n_scenes: row.n_scenes,
    n_sequences: row.n_sequences ?? null,
    year_span: row.year_span ?? null,
    bbox: row.bbox ?? null,
    has_karte: servesKarte(row),
  };
}
