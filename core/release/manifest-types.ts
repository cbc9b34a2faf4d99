/** Shape of manifest.json; mirrors core/release/schemas/manifest.schema.json. */
import type { ReleaseTable } from './tables.ts';

export type ReleaseStatus = 'building' | 'staged' | 'published' | 'withdrawn';

export interface Ratio {
  count: number;
  denominator: number;
  ratio: number | null;
}

export interface License {
  schema_version: number;
  id: string;
  url: string;
  policy_version: string;
  summary: string;
  summary_en: string;
  obligations: { use_in_results: string[]; display_or_quote_records: string[]; redistribute_as_data: string[] };
  notices: string[];
  layers: { observation: string; mapillary_reference: string; public_sector: string };
  linked_only: { photo: string };
  attribution: string;
  attribution_en: string;
  public_sector_sources: { name: string; license: string; url: string | null }[];
  mapillary: string;
  ui_requirements: string[];
  ui_requirements_en: string[];
}

export interface ProvenanceNode {
  id: string;
  kind: 'source' | 'process' | 'generation' | 'dataset';
  label: string;
  uri: string | null;
  sha256: string | null;
  derived_from: string[];
}

export interface AmenityDataset {
  kind: 'vending_machine' | 'toilet' | 'bench';
  source_snapshot: string;
  built_at: string;
  total_candidates: number;
  min_year: number | null;
  max_year: number | null;
}

export interface ReleaseCounts {
  processed_total: number | null;
  served_total: number | null;
  released_total: number | null;
  experimental_total: number | null;
  changes_total: number | null;
  schools_total: number | null;
  quarantined_total: number | null;
  machine_feature_rows: number | null;
  position_source: { mapillary_computed: number | null; mapillary_raw: number | null };
}

export interface WardEntry {
  label: string;
  label_en: string;
  kind: 'ward' | 'hills' | 'islands';
  n_scenes: number;
}

export interface Manifest {
  format_version: 1;
  release_id: string;
  status: ReleaseStatus;
  created_at: string;
  published_at: string | null;
  data_as_of: string | null;
  synthetic: boolean;
  default_generation: string | null;
  counts: ReleaseCounts;
  metrics: Record<string, number>;
  counting_notes: { source: string; quarantine: string; search_vs_release: string };
  machine_feature_coverage: {
    rows: Ratio;
    served_columns: { travel_bearing: Ratio; abs_objects: Ratio; color_status_ok: Ratio; green_ratio: Ratio };
  };
  years: { min: number | null; max: number | null };
  la_release: string;
  la_counts: { streets: number; areas: number; edges: number; karte_streets: number; karte_areas: number };
  license: License;
  provenance: { dataset_node: string; repository: string | null; nodes: ProvenanceNode[] };
  provenance_scope: string;
  verification_method: string;
  generation_governance: string;
  source_notes: Record<string, string>;
  amenity_datasets: Record<'vending_machine' | 'toilet' | 'bench', AmenityDataset>;
  schools_source: string;
  image_page_template: string;
  wards: WardEntry[];
  files: Record<ReleaseTable, string>;
  row_counts: Record<ReleaseTable, number>;
}
