/** One scene row: where along its edge the photo was taken, with which camera and when. */
import type { SceneRow } from '../release/types.ts';
import { bearingDeg, cellId, haversineM, normalizeDeg, offsetM, round, roundDeg } from './geo.ts';
import { sceneIdFor, sequenceIdFor } from './ids.ts';
import type { RoadEdge } from './network.ts';
import type { EdgePlan, Pass } from './plan.ts';
import type { Rng } from './rng.ts';
import type { TownBlock, TownGrid } from './towns.ts';
import { wardAt } from './wards.ts';

export interface SceneSpot {
  lat: number;
  lon: number;
  bearing: number;
}

const cumulative = new WeakMap<RoadEdge, number[]>();

function cumulativeLengths(edge: RoadEdge): number[] {
  let out = cumulative.get(edge);
  if (out) return out;
  out = [0];
  for (let i = 1; i < edge.points.length; i++) {
    const a = edge.points[i - 1] as [number, number];
    const b = edge.points[i] as [number, number];
    out.push((out[i - 1] as number) + haversineM(a[0], a[1], b[0], b[1]));
  }
  cumulative.set(edge, out);
  return out;
}

/** The point at distance s (metres) along an edge, with the local direction of the road. */
export function pointAlong(edge: RoadEdge, s: number): SceneSpot {
  const cum = cumulativeLengths(edge);
  let i = 1;
  while (i < cum.length - 1 && (cum[i] as number) < s) i++;
  const a = edge.points[i - 1] as [number, number];
  const b = edge.points[i] as [number, number];
  const seg = (cum[i] as number) - (cum[i - 1] as number);
  const f = seg > 0 ? Math.min(1, Math.max(0, (s - (cum[i - 1] as number)) / seg)) : 0;
  return { lat: a[0] + (b[0] - a[0]) * f, lon: a[1] + (b[1] - a[1]) * f, bearing: bearingDeg(a[0], a[1], b[0], b[1]) };
}

const VIEW = { spherical: 'パノラマ（360度）', perspective: '前方視', fisheye: '前方視（魚眼）' } as const;
const SIZES: Record<'spherical' | 'perspective' | 'fisheye', readonly (readonly [number, number])[]> = {
  spherical: [
    [5760, 2880],
    [4096, 2048],
  ],
  perspective: [
    [1920, 1080],
    [4032, 3024],
    [2048, 1536],
  ],
  fisheye: [[2880, 2880]],
};
const NOTES = {
  computed: 'プラットフォームが補正した位置（computed）を代表座標としている。',
  missing: '補正位置がないため、撮影端末のGPS位置（raw）を代表座標としている。',
  discarded: '補正位置がサービス範囲外に外れていたため採用せず、GPS位置（raw）を代表座標としている。',
} as const;

function two(n: number): string {
  return String(n).padStart(2, '0');
}

export interface SceneFacts {
  row: SceneRow;
  block: TownBlock | undefined;
  quarantined: boolean;
  spot: SceneSpot;
}

export interface SceneInput {
  n: number;
  plan: EdgePlan;
  pass: Pass;
  /** Index within the pass (quarantined extras come after the regular scenes). */
  i: number;
  streetId: number | null;
  towns: TownGrid;
}

export function buildScene(rng: Rng, input: SceneInput): SceneFacts {
  const { plan, pass, i } = input;
  const edge = plan.edge;
  const total = pass.count + pass.quarantined;
  const along = ((i + 0.5 + rng.range(-0.3, 0.3)) / total) * edge.lengthM;
  const s = pass.reverse ? edge.lengthM - along : along;
  const spot = pointAlong(edge, Math.max(0, Math.min(edge.lengthM, s)));
  const heading = normalizeDeg(spot.bearing + (pass.reverse ? 180 : 0));
  const [tLat, tLon] = offsetM(spot.lat, spot.lon, rng.gauss() * 1.5, rng.gauss() * 1.5);
  const quarantined = i >= pass.count;
  const r = rng.next();
  const mode = r < 0.04 ? 'missing' : r < 0.045 ? 'discarded' : 'computed';
  const computed =
    mode === 'missing'
      ? null
      : mode === 'discarded'
        ? offsetM(tLat, tLon, -2500 - rng.next() * 2000, 0)
        : offsetM(tLat, tLon, rng.gauss() * 1.2, rng.gauss() * 1.2);
  const noisy = rng.chance(0.1) ? 15 : 5;
  const raw =
    mode === 'computed' && rng.chance(0.006) ? null : offsetM(tLat, tLon, rng.gauss() * noisy, rng.gauss() * noisy);
  const [lat, lon] = (mode === 'computed' ? computed : raw) as [number, number];
  const block = input.towns.locate(lat, lon);
  const second = (pass.minute * 60 + i * rng.int(2, 4)) % 3600;
  const unknownTime = !quarantined && rng.chance(0.01);
  let capturedMs: number | null =
    Date.UTC(pass.year, pass.month - 1, pass.day, pass.hour - 9, 0, second) + rng.int(0, 999);
  if (quarantined) capturedMs = rng.chance(0.5) ? rng.int(0, 86_399_999) : -rng.int(1, 3_600_000);
  if (unknownTime) capturedMs = null;
  const jst = capturedMs === null ? null : new Date(capturedMs + 9 * 3_600_000);
  const cameraMissing = rng.chance(0.015);
  const size = rng.pick(SIZES[pass.camera]);
  const sideways = pass.camera === 'perspective' && rng.chance(0.03);
  const compass = normalizeDeg(heading + (sideways ? 90 : 0) + rng.gauss() * 2);
  const row: SceneRow = {
    id: sceneIdFor(input.n, rng),
    lat: round(lat, 7),
    lon: round(lon, 7),
    position_source: mode === 'computed' ? 'mapillary_computed' : 'mapillary_raw',
    raw_lat: raw ? round(raw[0], 7) : null,
    raw_lon: raw ? round(raw[1], 7) : null,
    computed_lat: computed ? round(computed[0], 7) : null,
    computed_lon: computed ? round(computed[1], 7) : null,
    position_offset_m: raw && computed ? round(haversineM(raw[0], raw[1], computed[0], computed[1]), 1) : null,
    position_note: NOTES[mode],
    raw_compass: rng.chance(0.1) ? null : roundDeg(compass + rng.gauss() * 8),
    computed_compass: computed ? roundDeg(compass) : null,
    travel_bearing: rng.chance(0.05) ? null : roundDeg(heading + rng.gauss() * 3),
    view_class: cameraMissing ? null : sideways ? '側方視' : VIEW[pass.camera],
    sequence_id: sequenceIdFor(`${edge.line.id}|${pass.year}-${pass.month}-${pass.day}|${pass.camera}|${pass.hour}`),
    is_pano: cameraMissing ? null : pass.camera === 'spherical',
    quality_score: rng.chance(0.03) ? null : round(rng.range(0.35, 1), 3),
    camera_type: cameraMissing ? null : pass.camera,
    width: cameraMissing ? null : size[0],
    height: cameraMissing ? null : size[1],
    captured_at_ms: capturedMs,
    captured_at_jst: jst
      ? `${String(jst.getUTCFullYear()).padStart(4, '0')}-${two(jst.getUTCMonth() + 1)}-${two(jst.getUTCDate())}T${two(jst.getUTCHours())}:${two(jst.getUTCMinutes())}:${two(jst.getUTCSeconds())}+09:00`
      : null,
    capture_year: quarantined || unknownTime ? null : (jst?.getUTCFullYear() ?? null),
    capture_time_quality: quarantined ? 'epoch_anomaly' : unknownTime ? 'unknown' : 'ok',
    quarantined,
    ward: block ? block.ward.label : wardAt(lat, lon).label,
    town_key: block ? block.key : null,
    street_id: plan.covered ? input.streetId : null,
    edge_id: plan.covered ? edge.id : null,
    cell_250m: cellId(lat, lon, 250),
  };
  return { row, block, quarantined, spot: { lat, lon, bearing: heading } };
}
