/** Street/edge/area layer rows and their JSON parts (profile, karte, stats); mirror the schemas. */
import type { ChangeCategory } from './enums.ts';

export type LatLon = [number, number];
export type CoverageGrade = 'A' | 'B' | 'C' | 'D';

export interface Rate {
  count: number;
  denominator: number;
  ratio: number | null;
  pct: number;
}

export interface CategoryCount {
  id: string;
  label: string;
  count: number;
  pct: number;
}

export type EvidenceMap = Record<string, string[]>;

export interface EvidenceQuote {
  scene_id: string;
  category: string;
  capture_year: number | null;
  field: string;
  text: string;
}

export interface ProfileStats {
  n_scenes: number;
  n_judged: number;
  judged_rate: number | null;
  judged_pct: number;
  n_sequences: number;
  year_span: [number, number] | null;
  scenes_by_year: Record<string, number>;
  rates: Record<string, Rate>;
  distributions: Record<string, Record<string, number>>;
  top_categories: CategoryCount[];
  pano_pct: number;
}

export interface Landmark {
  name: string;
  kind: string;
  n_scenes: number;
}

export interface SideProfile {
  dominant_use: string;
  dominant_use_pct: number;
  tsuranari_pct: number;
}

export interface ChangeSummary {
  n_supported: number;
  by_category: Partial<Record<ChangeCategory, number>>;
}

export interface KarteProvenance {
  model: string;
  prompt: string;
  generated_at: string;
  note: string;
}

export interface StreetKarte {
  name: string;
  character: string;
  tsuranari: string;
  sides: string;
  streetscape: string;
  walking: string;
  notable: string;
  changes_summary: string;
  coverage_note: string;
  evidence_ids: string[];
}

export interface AreaKarte {
  town_key: string;
  name: string;
  character: string;
  skeleton: string;
  streetscape: string;
  walking: string;
  notable: string;
  changes_summary: string;
  compared_to: string;
  coverage_note: string;
  evidence_ids: string[];
}

export interface KarteVersion<K> {
  tag: string;
  model: string;
  prompt: string;
  generated_at: string;
  karte: K;
}

export interface StreetProfile extends ProfileStats {
  street_id: number;
  name: string;
  ward: string | null;
  highway_class: string | null;
  length_m: number | null;
  n_edges: number;
  town_keys: string[];
  town_names: string[];
  sides: { left: SideProfile; right: SideProfile };
  landmarks: Landmark[];
  changes: ChangeSummary;
  evidence: EvidenceMap;
  evidence_quotes: EvidenceQuote[];
}

export interface StreetRow {
  street_id: number;
  name: string;
  ward: string | null;
  highway_class: string | null;
  length_m: number | null;
  coverage_grade: CoverageGrade;
  n_scenes: number;
  n_sequences: number | null;
  year_span: [number, number] | null;
  bbox: [number, number, number, number] | null;
  axis: LatLon[];
  karte: StreetKarte | null;
  karte_provenance: KarteProvenance | null;
  karte_versions: KarteVersion<StreetKarte>[];
  profile: StreetProfile;
}

export interface EdgeProfile {
  edge_id: string;
  street_id: number | null;
  name: string | null;
  ward: string | null;
  town_key: string;
  highway: string;
  highway_class: string | null;
  length_m: number | null;
  stats: ProfileStats;
  evidence: EvidenceMap;
  evidence_quotes: EvidenceQuote[];
}

export interface EdgeRow extends Omit<EdgeProfile, 'stats' | 'evidence' | 'evidence_quotes'> {
  n_scenes: number;
  geom: LatLon[];
  profile: EdgeProfile;
}

export interface GeoJsonPolygon {
  type: 'Polygon';
  coordinates: [number, number][][];
}

export interface AreaProfile extends ProfileStats {
  town_key: string;
  name: string;
  ward: string;
  area_m2: number;
  n_edges: number;
  street_names: string[];
  landmarks: Landmark[];
  changes: ChangeSummary;
  ward_comparison: { ward: string; rates: Record<string, Rate> };
  evidence: EvidenceMap;
  evidence_quotes: EvidenceQuote[];
}

export interface AreaRow {
  town_key: string;
  name: string;
  ward: string;
  coverage_grade: CoverageGrade;
  n_scenes: number;
  n_sequences: number | null;
  year_span: [number, number] | null;
  bbox: [number, number, number, number] | null;
  center: { lat: number; lon: number };
  geometry: GeoJsonPolygon;
  karte: AreaKarte | null;
  karte_provenance: KarteProvenance | null;
  karte_versions: KarteVersion<AreaKarte>[];
  profile: AreaProfile;
}
