import type { Analysis, MachineFeatures, SceneMetadata } from '../../generated/place-lookup/types.gen.ts';
import { haversineMeters } from '../geo/haversine.ts';
import type { MachineFeatureRow, SceneRow } from '../release/types.ts';

// The optional parts of a scene detail: the parsed analysis, capture metadata and machine features.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isObjectOrNull = (value: unknown) => value === null || isObject(value);
const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';

const objectKeys = [
  'capture_meta',
  'road_context',
  'road_structure',
  'geometry',
  'pavement',
  'infrastructure',
  'mobility',
  'accessibility',
] as const;

/** Whether a parsed analysis has the JSON types the API guarantees for its listed top-level keys. */
export function isServableAnalysis(value: unknown): value is Analysis {
  if (!isObject(value)) return false;
  if ('image_file' in value && !isStringOrNull(value.image_file)) return false;
  if ('markings_wear' in value && !Array.isArray(value.markings_wear)) return false;
  for (const key of objectKeys) if (key in value && !isObjectOrNull(value[key])) return false;
  const structure = value.road_structure;
  if (isObject(structure)) {
    if ('type' in structure && !isStringOrNull(structure.type)) return false;
    if ('facility_type' in structure && !isStringOrNull(structure.facility_type)) return false;
    const crossing = structure.grade_separated_crossing;
    if (crossing !== undefined && crossing !== null && typeof crossing !== 'boolean' && typeof crossing !== 'string') {
      return false;
    }
  }
  return true;
}

/**
 * The stored analysis as served: the parsed object, or null when the row is marked invalid, does not parse or lacks
 * the guaranteed shape. Never throws: a broken analysis is a 200 with analysis_status invalid.
 */
export function readAnalysis(
  status: 'ok' | 'invalid',
  text: string,
): { status: 'ok' | 'invalid'; analysis: Analysis | null } {
  if (status !== 'ok') return { status: 'invalid', analysis: null };
  try {
    const parsed: unknown = JSON.parse(text);
    return isServableAnalysis(parsed) ? { status: 'ok', analysis: parsed } : { status: 'invalid', analysis: null };
  } catch {
    return { status: 'invalid', analysis: null };
  }
}

/** Metres between the GPS and the platform-corrected position; null when either is missing. */
export function positionOffsetOf(scene: SceneRow): number | null {
  const { raw_lat, raw_lon, computed_lat, computed_lon } = scene;
  if (raw_lat === null || raw_lon === null || computed_lat === null || computed_lon === null) return null;
  if (scene.position_offset_m !== null) return scene.position_offset_m;
  return Math.round(haversineMeters(raw_lat, raw_lon, computed_lat, computed_lon) * 100) / 100;
}

export function sceneMetadataOf(scene: SceneRow): SceneMetadata {
  return {
    raw_lat: scene.raw_lat,
    raw_lon: scene.raw_lon,
    computed_lat: scene.computed_lat,
    computed_lon: scene.computed_lon,
    position_source: scene.position_source,
    position_offset_m: positionOffsetOf(scene),
    raw_compass: scene.raw_compass,
    computed_compass: scene.computed_compass,
    travel_bearing: scene.travel_bearing,
    view_class: scene.view_class,
    sequence_id: scene.sequence_id,
    is_pano: scene.is_pano,
    quality_score: scene.quality_score,
    camera_type: scene.camera_type,
    width: scene.width,
    height: scene.height,
    captured_at_ms: scene.captured_at_ms,
    captured_at_jst: scene.captured_at_jst,
    capture_time_quality: scene.capture_time_quality,
    cell_250m: scene.cell_250m,
    position_note: scene.position_note,
  };
}

export function machineFeaturesOf(row: MachineFeatureRow): MachineFeatures {
  return {
    node_id: row.node_id,
    feature_version: row.feature_version,
    month: row.month,
    weekday: row.weekday,
    hour: row.hour,
    season: row.season,
    time_bucket: row.time_bucket,
    heading: row.heading,
    heading8: row.heading8,
    left_side8: row.left_side8,
    right_side8: row.right_side8,
    abs_objects: row.abs_objects,
    colorfulness: row.colorfulness,
    green_ratio: row.green_ratio,
    warm_ratio: row.warm_ratio,
    dominant_colors: row.dominant_colors,
    color_status: row.color_status,
  };
}

export const machineNotes = {
  about:
    'machine は画像処理で得た客観指標で、観察記録（verbalization）とは別の名前空間です。両者を混ぜたり、一方で他方を補ったりしないでください。',
  missing: 'この写真には機械特徴量の行がないため machine は null です。',
} as const;
