/** The manifest of a demo release, from the frozen counters. */

import { RELEASE_TABLES, type ReleaseTable } from '../release/tables.ts';
import type { AmenityRow, Manifest, Ratio } from '../release/types.ts';
import type { ReleaseCounters } from './counters.ts';
import { DEFAULT_GENERATION } from './generations.ts';
import { DEMO_LICENSE, NOTES, provenanceNodes } from './license.ts';
import { WARDS } from './wards.ts';

export const CREATED_AT = '2026-11-01T00:00:00Z';
export const DATA_AS_OF = '2026-10-31';

export interface ManifestInput {
  releaseId: string;
  counters: ReleaseCounters;
  rowCounts: Record<ReleaseTable, number>;
  supportedChanges: number;
  schools: number;
  amenities: { kind: AmenityRow['kind']; years: number[]; rows: number }[];
  layers: { streets: number; areas: number; edges: number; karteStreets: number; karteAreas: number };
}

function ratio(count: number, denominator: number): Ratio {
  return { count, denominator, ratio: denominator > 0 ? Math.round((count / denominator) * 10000) / 10000 : 0 };
}

export function buildManifest(m: ManifestInput): Manifest {
  const c = m.counters;
  const files = Object.fromEntries(RELEASE_TABLES.map((t) => [t, `${t}.ndjson.gz`])) as Record<ReleaseTable, string>;
  const amenityTotal = m.amenities.reduce((s, a) => s + a.rows, 0);
  const dataset = (kind: AmenityRow['kind']) => {
    const a = m.amenities.find((x) => x.kind === kind);
    const years = a?.years ?? [];
    return {
      kind,
      source_snapshot: m.releaseId,
      built_at: CREATED_AT,
      total_candidates: a?.rows ?? 0,
      min_year: years.length > 0 ? Math.min(...years) : null,
      max_year: years.length > 0 ? Math.max(...years) : null,
    };
  };
  return {
    format_version: 1,
    release_id: m.releaseId,
    status: 'published',
    created_at: CREATED_AT,
    published_at: CREATED_AT,
    data_as_of: DATA_AS_OF,
    synthetic: true,
    default_generation: DEFAULT_GENERATION,
    counts: {
      processed_total: c.processed,
      served_total: c.served,
      released_total: c.released,
      experimental_total: c.experimental,
      changes_total: m.supportedChanges,
      schools_total: m.schools,
      quarantined_total: c.quarantined,
      machine_feature_rows: c.machineRows,
      position_source: { mapillary_computed: c.computed, mapillary_raw: c.raw },
    },
    metrics: {
      processed_total: c.processed,
      served_total: c.served,
      released_total: c.released,
      experimental_total: c.experimental,
      changes_total: m.supportedChanges,
      schools_total: m.schools,
      position_source_computed: c.computed,
      position_source_raw: c.raw,
      computed_discarded_outside_service: c.discarded,
      machine_feature_rows: c.machineRows,
      machine_travel_bearing_nonnull: c.machineTravelBearing,
      machine_abs_objects_nonnull: c.machineAbsObjects,
      machine_color_status_ok: c.machineColorOk,
      machine_green_ratio_nonnull: c.machineGreen,
      year_min: c.yearMin ?? 0,
      year_max: c.yearMax ?? 0,
      quarantined_total: c.quarantined,
      invalid_analysis_total: c.invalidAnalyses,
      amenities_total: amenityTotal,
    },
    counting_notes: NOTES.countingNotes,
    machine_feature_coverage: {
      rows: ratio(c.machineRows, c.processed),
      served_columns: {
        travel_bearing: ratio(c.machineTravelBearing, c.processed),
        abs_objects: ratio(c.machineAbsObjects, c.processed),
        color_status_ok: ratio(c.machineColorOk, c.processed),
        green_ratio: ratio(c.machineGreen, c.processed),
      },
    },
    years: { min: c.yearMin, max: c.yearMax },
    la_release: m.releaseId.replace('demo-synthetic', 'demo-synthetic-la'),
    la_counts: {
      streets: m.layers.streets,
      areas: m.layers.areas,
      edges: m.layers.edges,
      karte_streets: m.layers.karteStreets,
      karte_areas: m.layers.karteAreas,
    },
    license: DEMO_LICENSE,
    provenance: {
      dataset_node: `ds-${m.releaseId}`,
      repository: 'https://github.com/machimi/machimi (synthetic demo generator)',
      nodes: provenanceNodes(m.releaseId),
    },
    provenance_scope: NOTES.provenanceScope,
    verification_method: NOTES.verificationMethod,
    generation_governance: NOTES.governance,
    source_notes: { ...NOTES.sources },
    amenity_datasets: {
      vending_machine: dataset('vending_machine'),
      toilet: dataset('toilet'),
      bench: dataset('bench'),
    },
    schools_source: '合成の小学校一覧（machimi demo generator、架空の学校名）',
    image_page_template: 'https://www.mapillary.com/app/?pKey={id}',
    wards: WARDS.map((w) => ({
      label: w.label,
      label_en: w.labelEn,
      kind: w.kind,
      n_scenes: c.wardScenes.get(w.label) ?? 0,
    })),
    files,
    row_counts: m.rowCounts,
  };
}
