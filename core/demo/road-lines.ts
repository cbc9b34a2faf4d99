/**
 * The road lines of the demo city before they are cut into edges: east-west roads (lat as a function of lon) and
 * north-south roads (lon as a function of lat), clipped to land. Named lines get their 通/筋/坂/道 names here.
 */
import { elevationM, isLand, islandAt, metresFromSea } from './geography.ts';
import type { Rng } from './rng.ts';

export type Axis = 'ew' | 'ns';

export interface RoadLine {
  id: number;
  axis: Axis;
  name: string | null;
  highway: string;
  /** ew: lat for a lon; ns: lon for a lat. */
  at: (t: number) => number;
  from: number;
  to: number;
}

interface NamedSpec {
  name: string;
  base: number;
  highway: string;
}

const EW_BASE = 34.5565;
const EW_STEP = 0.0016;
const NS_BASE = 134.9015;
const NS_STEP = 0.0019;

const EW_NAMES: readonly NamedSpec[] = [
  { name: '海岸通', base: 34.6093, highway: 'primary' },
  { name: '浜通', base: 34.6125, highway: 'secondary' },
  { name: '元町通', base: 34.6157, highway: 'tertiary' },
  { name: '本町通', base: 34.6189, highway: 'tertiary' },
  { name: '栄町通', base: 34.6221, highway: 'secondary' },
  { name: '旧西国道', base: 34.6269, highway: 'primary' },
  { name: '中山手通', base: 34.6317, highway: 'secondary' },
  { name: '山麓道', base: 34.6381, highway: 'secondary' },
  { name: '北山手通', base: 34.6445, highway: 'tertiary' },
];

const NS_NAMES: readonly NamedSpec[] = [
  { name: '西浜筋', base: 134.917, highway: 'secondary' },
  { name: '山王坂', base: 134.931, highway: 'tertiary' },
  { name: '松風筋', base: 134.947, highway: 'secondary' },
  { name: '宮川筋', base: 134.981, highway: 'secondary' },
  { name: '天神坂', base: 134.9885, highway: 'tertiary' },
  { name: '中央筋', base: 135.0055, highway: 'primary' },
  { name: '北野坂', base: 135.0125, highway: 'tertiary' },
  { name: '鯉川筋', base: 135.021, highway: 'secondary' },
  { name: '港筋', base: 135.03, highway: 'secondary' },
  { name: '新川筋', base: 135.056, highway: 'secondary' },
  { name: '東筋', base: 135.075, highway: 'secondary' },
  { name: '城山道', base: 135.092, highway: 'tertiary' },
];

function namedFor(specs: readonly NamedSpec[], base: number, step: number): NamedSpec | undefined {
  return specs.find((s) => Math.abs(s.base - base) < step / 2);
}

function clamp01(x: number): number {
  return x < 0 ? 0 : Math.min(x, 1);
}

/** Samples a line's function along its axis and keeps the runs that stay on land. */
function landRuns(
  axis: Axis,
  at: (t: number) => number,
  t0: number,
  t1: number,
  step: number,
  keep: (lat: number, lon: number) => boolean,
) {
  const runs: [number, number][] = [];
  let start: number | null = null;
  let last = t0;
  for (let t = t0; t <= t1 + 1e-9; t += step) {
    const lat = axis === 'ew' ? at(t) : t;
    const lon = axis === 'ew' ? t : at(t);
    const ok = isLand(lat, lon) && metresFromSea(lat, lon) > 25 && keep(lat, lon);
    if (ok && start === null) start = t;
    if (!ok && start !== null) {
      if (last - start >= step * 3) runs.push([start, last]);
      start = null;
    }
    if (ok) last = t;
  }
  if (start !== null && last - start >= step * 3) runs.push([start, last]);
  return runs;
}

export function buildRoadLines(rng: Rng): RoadLine[] {
  const lines: RoadLine[] = [];
  for (let k = 0; EW_BASE + k * EW_STEP <= 34.6685; k++) {
    const base = EW_BASE + k * EW_STEP;
    const phase = rng.range(0, Math.PI * 2);
    const amp = rng.range(0.0001, 0.0004);
    const at = (lon: number) => base + amp * Math.sin(lon * 180 + phase);
    const sparseInHills = k % 3 !== 0;
    const keep = (lat: number, lon: number) => !(sparseInHills && elevationM(lat, lon) > 70);
    const named = namedFor(EW_NAMES, base, EW_STEP);
    for (const [from, to] of landRuns('ew', at, 134.9005, 135.0995, 0.0005, keep)) {
      const midLon = (from + to) / 2;
      const island = islandAt(at(midLon), midLon);
      const islandName = island && Math.abs(base - island.lat) < EW_STEP / 2 ? `${island.name}通` : null;
      const name = island ? islandName : (named?.name ?? null);
      const highway = island ? (islandName ? 'tertiary' : 'residential') : (named?.highway ?? 'residential');
      lines.push({ id: lines.length + 1, axis: 'ew', name, highway, at, from, to });
    }
  }
  for (let i = 0; NS_BASE + i * NS_STEP <= 135.0995; i++) {
    const base = NS_BASE + i * NS_STEP;
    const phase = rng.range(0, Math.PI * 2);
    const westHills = clamp01((134.957 - base) / 0.02);
    const at = (lat: number) => {
      const hills = Math.max(westHills, clamp01((lat - 34.642) / 0.012));
      // Wiggles of at most ±0.0008° against a spacing of 0.0019°: neighbours come within ~0.0003° (~27 m) but never
      // cross, so every intersection is an east-west × north-south one, which network.ts cuts.
      return base + 0.0003 * Math.sin(lat * 200 + phase) + 0.0005 * hills * Math.sin(lat * 900 + phase);
    };
    const sparseInHills = i % 2 !== 0;
    const keep = (lat: number, lon: number) => !(sparseInHills && elevationM(lat, lon) > 70);
    const named = namedFor(NS_NAMES, base, NS_STEP);
    for (const [from, to] of landRuns('ns', at, 34.5555, 34.6695, 0.0004, keep)) {
      const island = islandAt((from + to) / 2, at((from + to) / 2));
      const name = island ? null : (named?.name ?? null);
      lines.push({
        id: lines.length + 1,
        axis: 'ns',
        name,
        highway: named && !island ? named.highway : 'residential',
        at,
        from,
        to,
      });
    }
  }
  return lines;
}
