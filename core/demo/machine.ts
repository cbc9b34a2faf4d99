/** Machine features: objective image-processing indicators, a namespace separate from the observations. */
import type { MachineFeatureRow, SceneRow } from '../release/types.ts';
import { compass8, normalizeDeg, round } from './geo.ts';
import type { Rng } from './rng.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Detector classes suggested by categories (a detector sees objects, not scenery). */
const OBJECTS: Record<string, string> = {
  parked_cars: 'car',
  heavy_traffic: 'car',
  bicycles: 'bicycle',
  motorcycles: 'motorcycle',
  lively_street: 'person',
  traffic_signal: 'traffic_light',
  road_signs: 'traffic_sign',
  utility_poles: 'pole',
  street_lights: 'street_light',
  bench: 'bench',
  vending_machines: 'vending_machine',
  streetcar: 'tram',
  train_station: 'person',
  bus_stop: 'bus_stop',
  moored_boats: 'boat',
  harbour: 'boat',
  guardrail: 'guard_rail',
  bollards: 'bollard',
  post_box: 'mailbox',
};

function season(month: number): MachineFeatureRow['season'] {
  return month >= 3 && month <= 5
    ? 'spring'
    : month >= 6 && month <= 8
      ? 'summer'
      : month >= 9 && month <= 11
        ? 'autumn'
        : 'winter';
}

function timeBucket(hour: number): MachineFeatureRow['time_bucket'] {
  return hour < 6
    ? 'dawn'
    : hour < 10
      ? 'morning'
      : hour < 13
        ? 'midday'
        : hour < 17
          ? 'afternoon'
          : hour < 19
            ? 'evening'
            : 'night';
}

export function buildMachineFeatures(rng: Rng, scene: SceneRow, categoryIds: readonly string[]): MachineFeatureRow {
  const jst = scene.captured_at_ms === null ? null : new Date(scene.captured_at_ms + 9 * 3_600_000);
  const heading = scene.computed_compass ?? scene.raw_compass;
  const detected = rng.chance(0.92);
  const objects: Record<string, number> = {};
  if (detected) {
    for (const id of categoryIds) {
      const cls = OBJECTS[id];
      if (cls)
        objects[cls] = (objects[cls] ?? 0) + rng.int(1, id === 'heavy_traffic' || id === 'lively_street' ? 9 : 3);
    }
  }
  const green = categoryIds.filter((id) => /tree|park|hedge|wood|green|bamboo|weeds|pine|palm|ivy/.test(id)).length;
  const colorStatus = rng.chance(0.9) ? 'ok' : rng.pick(['dark', 'overexposed', 'failed'] as const);
  const colorsKnown = colorStatus !== 'failed';
  const greenRatio = round(Math.min(0.85, 0.04 + green * 0.09 + rng.next() * 0.08), 3);
  return {
    node_id: scene.id,
    feature_version: 'mf-2025.1',
    month: jst ? jst.getUTCMonth() + 1 : null,
    weekday: jst ? (WEEKDAYS[jst.getUTCDay()] ?? null) : null,
    hour: jst ? jst.getUTCHours() : null,
    season: jst ? season(jst.getUTCMonth() + 1) : null,
    time_bucket: jst ? timeBucket(jst.getUTCHours()) : null,
    heading,
    heading8: heading === null ? null : compass8(heading),
    left_side8: heading === null ? null : compass8(normalizeDeg(heading - 90)),
    right_side8: heading === null ? null : compass8(normalizeDeg(heading + 90)),
    abs_objects: detected ? objects : null,
    colorfulness: colorsKnown ? round(rng.range(8, 70), 2) : null,
    green_ratio: colorsKnown ? greenRatio : null,
    warm_ratio: colorsKnown ? round(rng.range(0.05, 0.5), 3) : null,
    dominant_colors: colorsKnown ? dominantColors(rng, greenRatio) : null,
    color_status: colorStatus,
  };
}

function dominantColors(rng: Rng, green: number): { hex: string; ratio: number }[] {
  const palette = ['#808080', '#a0a4a8', '#6b8e4e', '#87a9d0', '#c8c2b4', '#4a4a4a', '#b5651d', '#e8e4dc'];
  const n = rng.int(3, 5);
  const picks = rng.shuffled(palette).slice(0, n);
  let left = 1 - green;
  return picks.map((hex, i) => {
    const ratio = hex === '#6b8e4e' ? green : i === n - 1 ? Math.max(0, left) : left * rng.range(0.2, 0.5);
    if (hex !== '#6b8e4e') left -= ratio;
    return { hex, ratio: round(Math.max(0, Math.min(1, ratio)), 3) };
  });
}
