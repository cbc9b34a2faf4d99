/** TypeScript shapes of release rows; they mirror core/release/schemas/*.schema.json (the schemas are the truth). */
import type {
  AmenityKind,
  CaptureTimeQuality,
  ChangeCategory,
  ChangeStatus,
  PositionSource,
  VerbalizationStatus,
} from './enums.ts';
import type { AreaRow, EdgeRow, StreetRow } from './layer-types.ts';
import type { ReleaseTable } from './tables.ts';

export type * from './enums.ts';
export type * from './layer-types.ts';
export type * from './manifest-types.ts';

export interface SceneRow {
  id: string;
  lat: number;
  lon: number;
  position_source: PositionSource;
  raw_lat: number | null;
  raw_lon: number | null;
  computed_lat: number | null;
  computed_lon: number | null;
  position_offset_m: number | null;
  position_note: string;
  raw_compass: number | null;
  computed_compass: number | null;
  travel_bearing: number | null;
  view_class: string | null;
  sequence_id: string | null;
  is_pano: boolean | null;
  quality_score: number | null;
  camera_type: string | null;
  width: number | null;
  height: number | null;
  captured_at_ms: number | null;
  captured_at_jst: string | null;
  capture_year: number | null;
  capture_time_quality: CaptureTimeQuality;
  quarantined: boolean;
  ward: string | null;
  town_key: string | null;
  street_id: number | null;
  edge_id: string | null;
  cell_250m: number;
}

export interface VerbalizationRow {
  scene_id: string;
  generation_id: string;
  status: VerbalizationStatus;
  model: string | null;
  prompt_version: string | null;
  generated_at: string | null;
  title: string;
  summary: string;
  analysis_json: string;
  analysis_status: 'ok' | 'invalid';
  content_sha256: string;
}

export type Compass8 = 'N' | 'NE' | 'E' | 'SE' | 'S' | 'SW' | 'W' | 'NW';

export interface MachineFeatureRow {
  node_id: string;
  feature_version: string;
  month: number | null;
  weekday: 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun' | null;
  hour: number | null;
  season: 'spring' | 'summer' | 'autumn' | 'winter' | null;
  time_bucket: 'dawn' | 'morning' | 'midday' | 'afternoon' | 'evening' | 'night' | null;
  heading: number | null;
  heading8: Compass8 | null;
  left_side8: Compass8 | null;
  right_side8: Compass8 | null;
  abs_objects: Record<string, number> | null;
  colorfulness: number | null;
  green_ratio: number | null;
  warm_ratio: number | null;
  dominant_colors: { hex: string; ratio: number }[] | null;
  color_status: 'ok' | 'dark' | 'overexposed' | 'failed' | null;
}

export interface GenerationRow {
  id: string;
  gen_id: string;
  status: VerbalizationStatus;
  version: number;
  model_family: string | null;
  model: string | null;
  prompt_version: string | null;
  output_contract: string;
  released_at: string | null;
  notes: string | null;
  evidence: {
    summary: string;
    method: string | null;
    sample_size: number | null;
    url: string | null;
    agreement_pct: number | null;
  } | null;
  stats: {
    n_verbalizations: number;
    n_ok: number;
    n_invalid: number;
    n_released: number;
    n_experimental: number;
    n_deprecated: number;
    n_scenes: number;
  };
}

export interface ChangeRow {
  change_id: string;
  group_id: number;
  lat: number;
  lon: number;
  year_a: number;
  year_b: number;
  category: ChangeCategory;
  subject: string;
  evidence: string | null;
  segment_priority_score: number | null;
  status: ChangeStatus;
  cell_1km: number;
  scene_ids_a: string[] | null;
  scene_ids_b: string[] | null;
  verification: {
    method: string;
    method_ja: string;
    detector_model: string;
    reviewer_model: string;
    same_model_family: boolean;
    verdict: string;
    limitations: string[];
  } | null;
}

export interface AmenityRow {
  id: string;
  kind: AmenityKind;
  scene_id: string;
  lat: number;
  lon: number;
  capture_year: number;
  evidence: string;
  object_position: string | null;
  object_distance_m_est: number | null;
  confidence: 'high' | 'medium';
  generation_id: string;
  ward: string | null;
  evidence_count: number;
}

export interface SchoolRow {
  school_id: string;
  name: string;
  lat: number;
  lon: number;
}

export interface RowTypes {
  scenes: SceneRow;
  verbalizations: VerbalizationRow;
  machine_features: MachineFeatureRow;
  generations: GenerationRow;
  streets: StreetRow;
  edges: EdgeRow;
  areas: AreaRow;
  changes: ChangeRow;
  amenities: AmenityRow;
  schools: SchoolRow;
}

export type RowOf<T extends ReleaseTable> = RowTypes[T];
