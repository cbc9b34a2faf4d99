/**
 * Decides, before any scene is written, how many scenes each road edge gets and in which capture passes, so that
 * every edge that is published has at least 15 non-quarantined scenes and the output can be streamed.
 */
import type { PlaceContext } from './affinity.ts';
import { type EdgeContext, edgeContext } from './contexts.ts';
import { islandAt } from './geography.ts';
import type { RoadEdge } from './network.ts';
import type { Rng } from './rng.ts';
import type { Weather } from './seasons.ts';
import { thinStreets } from './streets-sparse.ts';
import { type Ward, wardAt } from './wards.ts';

export const MIN_EDGE_SCENES = 15;

export interface Pass {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weather: Weather;
  camera: 'spherical' | 'perspective' | 'fisheye';
  reverse: boolean;
  count: number;
  /** Scenes of this pass with an epoch-anomaly capture time (quarantined; extra to count). */
  quarantined: number;
}

export interface EdgePlan {
  edge: RoadEdge;
  ctx: EdgeContext;
  ward: Ward;
  /** Published as an edge row (≥ 15 scenes); scenes of other edges have edge_id null. */
  covered: boolean;
  passes: Pass[];
}

const YEAR_WEIGHTS: [number, number][] = [];
for (let y = 1995; y <= 2026; y++)
  YEAR_WEIGHTS.push([y, y < 2005 ? 0.3 : y < 2013 ? 0.8 : y < 2019 ? 4 : y < 2026 ? 8 : 5]);
const FORCED_OLD_YEARS = [1996, 1999, 2003];
const YEAR_W = YEAR_WEIGHTS.map((w) => w[1]);
let passCounter = 0;

/**
 * Every 40th pass (offset by slot) is forced into a season or weather, so that even a small city shows snow, rain,
 * dusk and each flowering season somewhere.
 */
function drawPass(rng: Rng, count: number, forcedYear?: number): Pass {
  const slot = passCounter++ % 40;
  let year = forcedYear ?? (YEAR_WEIGHTS[rng.weighted(YEAR_W)] as [number, number])[0];
  let month = year === 2026 ? rng.int(1, 10) : rng.int(1, 12);
  let hour = rng.chance(0.06) ? rng.int(17, 19) : rng.int(7, 16);
  let weather: Weather = rng.chance(0.09) ? 'rain' : rng.chance(0.4) ? 'cloudy' : 'sunny';
  if ((month === 1 || month === 2) && rng.chance(0.05)) weather = 'snow';
  const forcedMonth: Record<number, number> = { 3: 1, 23: 4, 29: 11, 31: 6, 37: 2, 13: 5 };
  if (forcedMonth[slot] !== undefined) month = forcedMonth[slot] as number;
  if (year === 2026 && month > 10) year = 2025;
  if (slot === 3) weather = 'snow';
  if (slot === 19) weather = 'rain';
  if (slot === 11) hour = 17;
  const r = rng.next();
  const camera = year < 2012 ? 'perspective' : r < 0.35 ? 'spherical' : r < 0.93 ? 'perspective' : 'fisheye';
  return {
    year,
    month,
    day: rng.int(1, 28),
    hour,
    minute: rng.int(0, 59),
    weather,
    camera,
    reverse: rng.chance(0.5),
    count,
    quarantined: 0,
  };
}

/** `forcedYear` is the first pass's year, or every pass's with `everyPass`. */
function splitIntoPasses(rng: Rng, total: number, forcedYear?: number, everyPass = false): Pass[] {
  const passes: Pass[] = [];
  let left = total;
  while (left > 0) {
    let size = Math.min(left, rng.int(5, 24));
    if (left - size > 0 && left - size < 4) size = left;
    passes.push(drawPass(rng, size, everyPass || passes.length === 0 ? forcedYear : undefined));
    left -= size;
  }
  return passes;
}

/** Largest-remainder split of `total` in proportion to weights. */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const raw = weights.map((w) => (total * w) / sum);
  const out = raw.map(Math.floor);
  let rest = total - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (rest-- <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
  }
  return out;
}

export interface CityPlan {
  edges: EdgePlan[];
  totalScenes: number;
}

/**
 * `streetOf` names the street an edge is published under (null when unnamed) and `thinRng` draws the thin streets
 * (streets-sparse.ts); a stream of its own, so a city without thin streets is planned as it would be without them.
 */
export function planScenes(
  rng: Rng,
  network: RoadEdge[],
  schools: [number, number][],
  scenes: number,
  eligible: (edge: RoadEdge) => boolean = () => true,
  streetOf: (edge: RoadEdge) => string | null = () => null,
  thinRng: Rng = rng,
): CityPlan {
  passCounter = 0;
  const plans: EdgePlan[] = network.map((edge) => ({
    edge,
    ctx: edgeContext(edge, rng, schools),
    ward: wardAt(edge.mid[0], edge.mid[1]),
    covered: false,
    passes: [],
  }));
  const quarantined = Math.max(4, Math.round(scenes * 0.004));
  const loose = Math.round(scenes * 0.04);
  const coveredTotal = scenes - quarantined - loose;
  const avg = MIN_EDGE_SCENES + Math.sqrt(scenes) / 12;
  const k = Math.max(
    1,
    Math.min(plans.length, Math.floor(coveredTotal / MIN_EDGE_SCENES), Math.round(coveredTotal / avg)),
  );
  const candidates = chooseEdges(
    rng,
    plans.filter((p) => eligible(p.edge)),
    k,
  );
  // Thin streets keep MIN_EDGE_SCENES per edge; the scenes their dropped edges would have had go to the others.
  const thin = thinStreets(thinRng, candidates, (p) => streetOf(p.edge));
  // Other edges, off the thin streets, are published in place of the dropped ones, in the order chooseEdges prefers.
  const taken = new Set(candidates);
  const stand =
    thin.dropped.size === 0
      ? []
      : byPreference(
          thinRng,
          plans.filter((p) => eligible(p.edge) && !taken.has(p) && !thin.streets.has(streetOf(p.edge) ?? '')),
        ).slice(0, thin.dropped.size);
  const chosen = [...candidates.filter((p) => !thin.dropped.has(p)), ...stand].sort(
    (a, b) => a.edge.index - b.edge.index,
  );
  const regular = chosen.filter((p) => !thin.yearOf.has(p));
  const weights = regular.map((p) => {
    const tags = new Set<PlaceContext>(p.ctx.tags);
    const boost = (p.edge.name ? 1.5 : 0) + (tags.has('downtown') ? 1 : 0) + (tags.has('arcade') ? 1 : 0);
    return (1 + boost) * rng.range(0.5, 1.5) * Math.min(3, p.edge.lengthM / 150);
  });
  const extra = apportion(coveredTotal - MIN_EDGE_SCENES * chosen.length, weights);
  regular.forEach((p, i) => {
    p.passes = splitIntoPasses(rng, MIN_EDGE_SCENES + (extra[i] ?? 0), FORCED_OLD_YEARS[i]);
  });
  for (const [p, year] of thin.yearOf) p.passes = splitIntoPasses(rng, MIN_EDGE_SCENES, year, true);
  for (const p of chosen) p.covered = true;
  for (let q = 0; q < quarantined; q++) {
    const pass = rng.pick(rng.pick(chosen).passes);
    pass.quarantined += 1;
  }
  let left = loose;
  for (const p of rng.shuffled(plans.filter((p) => !p.covered && p.edge.lengthM >= 40 && eligible(p.edge)))) {
    if (left <= 0) break;
    const count = Math.min(left, rng.int(1, MIN_EDGE_SCENES - 1));
    p.passes = [drawPass(rng, count)];
    left -= count;
  }
  // A network fully covered (very large N) takes the rest on its busiest edges.
  if (left > 0) (regular[0] as EdgePlan).passes.push(...splitIntoPasses(rng, left));
  return { edges: plans.filter((p) => p.passes.length > 0), totalScenes: scenes };
}

/**
 * Every place context, every ward and every island gets a few edges first, then named and central edges are preferred.
 */
function chooseEdges(rng: Rng, plans: EdgePlan[], k: number): EdgePlan[] {
  const chosen = new Set<EdgePlan>();
  const perGroup = k < 400 ? 2 : Math.ceil(k / 150);
  const groups = new Map<string, EdgePlan[]>();
  for (const p of plans) {
    if (p.edge.lengthM < 40) continue;
    const island = islandAt(p.edge.mid[0], p.edge.mid[1]);
    const places = island ? [`ward:${p.ward.label}`, `island:${island.name}`] : [`ward:${p.ward.label}`];
    for (const key of [...p.ctx.tags.filter((t) => t !== 'any'), ...places]) {
      const list = groups.get(key) ?? [];
      list.push(p);
      groups.set(key, list);
    }
  }
  const keys = [...groups.keys()].sort(
    (a, b) => (groups.get(a)?.length ?? 0) - (groups.get(b)?.length ?? 0) || (a < b ? -1 : 1),
  );
  for (const key of keys) {
    const candidates = rng.shuffled(groups.get(key) ?? []);
    let have = candidates.filter((p) => chosen.has(p)).length;
    for (const p of candidates) {
      if (have >= perGroup || chosen.size >= k) break;
      if (!chosen.has(p)) {
        chosen.add(p);
        have++;
      }
    }
  }
  for (const p of byPreference(
    rng,
    plans.filter((p) => !chosen.has(p)),
  )) {
    if (chosen.size >= k) break;
    chosen.add(p);
  }
  return [...chosen].sort((a, b) => a.edge.index - b.edge.index);
}

/** Edges of 40 m or more, named and central ones first (with a random part). */
function byPreference(rng: Rng, plans: EdgePlan[]): EdgePlan[] {
  return plans
    .filter((p) => p.edge.lengthM >= 40)
    .map((p) => ({ p, score: rng.next() + (p.edge.name ? 0.9 : 0) + (p.ctx.tags.includes('downtown') ? 0.3 : 0) }))
    .sort((a, b) => b.score - a.score || a.p.edge.index - b.p.edge.index)
    .map(({ p }) => p);
}
