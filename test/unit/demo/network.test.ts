/**
 * The demo city's road network and geography (core/demo/network.ts, road-lines.ts, geography.ts, wards.ts) and what
 * the fixture release keeps of them: roads cut into edges at their crossings, street names, a coast with islands,
 * western hills, wards.
 */
import { describe, expect, it } from 'vitest';
import { M_PER_DEG_LAT, M_PER_DEG_LON, polylineLengthM } from '../../../core/demo/geo.ts';
import { BOUNDS, coastLat, elevationM, ISLANDS, isLand, islandAt } from '../../../core/demo/geography.ts';
import { buildNetwork, type RoadEdge } from '../../../core/demo/network.ts';
import { MIN_EDGE_SCENES } from '../../../core/demo/plan.ts';
import { Rng } from '../../../core/demo/rng.ts';
import { buildRoadLines, type RoadLine } from '../../../core/demo/road-lines.ts';
import { ISLANDS_WARD, WARDS, wardAt } from '../../../core/demo/wards.ts';
import { DEMO_SEED, loadDemo } from './demo-fixture.ts';

type Point = [number, number];

/** About 1 cm here: two computed points this close are the same point. */
const SAME_POINT_DEG = 1e-7;
/** network.ts drops pieces shorter than this; a dead end shorter than DEAD_END_DEG along its axis is no edge. */
const MIN_EDGE_M = 30;
const DEAD_END_DEG = 0.0006;
const STREET_SUFFIX = /[通筋坂道]$/;
/** The fixture's seed, the config's default DEMO_SEED (1) and one more. */
const NETWORK_SEEDS = [DEMO_SEED, 1, 5];

/** Position along a line's own axis: longitude on east-west lines, latitude on north-south ones. */
function tOf(line: RoadLine, p: readonly [number, number]): number {
  return line.axis === 'ew' ? p[1] : p[0];
}

function pointOn(line: RoadLine, t: number): Point {
  return line.axis === 'ew' ? [line.at(t), t] : [t, line.at(t)];
}

function samePoint(a: readonly [number, number], b: readonly [number, number]): boolean {
  return Math.abs(a[0] - b[0]) < SAME_POINT_DEG && Math.abs(a[1] - b[1]) < SAME_POINT_DEG;
}

/** Metres along a line between two positions on its axis (the line sampled finely). */
function metresAlong(line: RoadLine, t0: number, t1: number): number {
  const steps = 50;
  return polylineLengthM(Array.from({ length: steps + 1 }, (_, i) => pointOn(line, t0 + ((t1 - t0) * i) / steps)));
}

/**
 * Where an east-west and a north-south line cross, found independently of network.ts: bisection of
 * g(lat) = lat − ew(ns(lat)) over the north-south line's extent. g strictly rises: the slopes of the east-west
 * lines (≤ 0.072 °lat/°lon) and of the north-south lines (≤ 0.78 °lon/°lat) multiply to well under 1.
 */
function crossingOf(ew: RoadLine, ns: RoadLine): Point | null {
  const g = (lat: number) => lat - ew.at(ns.at(lat));
  let lo = ns.from;
  let hi = ns.to;
  if (g(lo) > 0 || g(hi) < 0) return null;
  for (let i = 0; i < 100 && hi - lo > 1e-13; i++) {
    const mid = (lo + hi) / 2;
    if (g(mid) > 0) hi = mid;
    else lo = mid;
  }
  const lat = (lo + hi) / 2;
  const lon = ns.at(lat);
  if (lon < ew.from || lon > ew.to) return null;
  return [lat, lon];
}

/** The two ends of an edge with their node ids (an edge id is `<start node>_<end node>`). */
function endsOf(edge: RoadEdge): { node: string; point: Point }[] {
  const [start, end] = edge.id.split('_');
  return [
    { node: start ?? '', point: edge.points[0] as Point },
    { node: end ?? '', point: edge.points[edge.points.length - 1] as Point },
  ];
}

interface City {
  lines: RoadLine[];
  edges: RoadEdge[];
  /** Edges of each line in the order network.ts cuts them (along the axis). */
  edgesOfLine: Map<number, RoadEdge[]>;
  crossings: { ew: RoadLine; ns: RoadLine; point: Point }[];
}

const cities = new Map<number, City>();

/** generate.ts builds the network from the stream `new Rng(seed, 'network')`; buildNetwork starts with buildRoadLines. */
function cityOf(seed: number): City {
  const cached = cities.get(seed);
  if (cached) return cached;
  const lines = buildRoadLines(new Rng(seed, 'network'));
  const edges = buildNetwork(new Rng(seed, 'network'));
  const edgesOfLine = new Map<number, RoadEdge[]>();
  for (const edge of edges) edgesOfLine.set(edge.line.id, [...(edgesOfLine.get(edge.line.id) ?? []), edge]);
  const crossings: City['crossings'] = [];
  for (const ew of lines.filter((l) => l.axis === 'ew')) {
    for (const ns of lines.filter((l) => l.axis === 'ns')) {
      const point = crossingOf(ew, ns);
      if (point) crossings.push({ ew, ns, point });
    }
  }
  const city = { lines, edges, edgesOfLine, crossings };
  cities.set(seed, city);
  return city;
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** Every 0.001° of the bounding box. */
function gridOfBounds(): Point[] {
  const out: Point[] = [];
  for (let lat = BOUNDS.south + 0.0005; lat < BOUNDS.north; lat += 0.001)
    for (let lon = BOUNDS.west + 0.0005; lon < BOUNDS.east; lon += 0.001) out.push([lat, lon]);
  return out;
}

const WEST_THIRD = BOUNDS.west + (BOUNDS.east - BOUNDS.west) / 3;
const EAST_THIRD = BOUNDS.east - (BOUNDS.east - BOUNDS.west) / 3;

describe.each(NETWORK_SEEDS)('demo road network (seed %i)', (seed) => {
  it('cuts the road lines of buildRoadLines into edges of 2+ points on their line, on land, 30 m or longer', () => {
    const { lines, edges } = cityOf(seed);
    expect(lines.length).toBeGreaterThan(100);
    expect(edges.length).toBeGreaterThan(1000);
    expect(new Set(edges.map((e) => e.id)).size).toBe(edges.length);
    const lineById = new Map(lines.map((l) => [l.id, l]));
    const bad: string[] = [];
    edges.forEach((edge, i) => {
      const line = lineById.get(edge.line.id);
      const label = `edge ${edge.id} (line ${edge.line.id})`;
      if (edge.index !== i) bad.push(`${label}: index ${edge.index} at position ${i}`);
      if (!line || line.axis !== edge.line.axis || line.from !== edge.line.from || line.to !== edge.line.to)
        bad.push(`${label}: not a line of buildRoadLines`);
      if (edge.points.length < 2) bad.push(`${label}: ${edge.points.length} point(s)`);
      if (!(edge.lengthM >= MIN_EDGE_M)) bad.push(`${label}: ${edge.lengthM} m`);
      if (Math.abs(edge.lengthM - polylineLengthM(edge.points)) > 1e-6) bad.push(`${label}: length is not its points'`);
      if (edge.name !== edge.line.name) bad.push(`${label}: name ${edge.name} on line ${edge.line.name}`);
      const ts = edge.points.map((p) => tOf(edge.line, p));
      if (ts.some((t, k) => k > 0 && t <= (ts[k - 1] as number))) bad.push(`${label}: points not in axis order`);
      if (ts.some((t) => t < edge.line.from - 1e-9 || t > edge.line.to + 1e-9)) bad.push(`${label}: beyond its line`);
      const off = edge.points.some(
        (p) => Math.abs((edge.line.axis === 'ew' ? p[0] : p[1]) - edge.line.at(tOf(edge.line, p))) > 1e-12,
      );
      if (off) bad.push(`${label}: a point off its line`);
      if (edge.points.some((p) => !isLand(p[0], p[1]))) bad.push(`${label}: a point at sea`);
      const lands = new Set(edge.points.map((p) => islandAt(p[0], p[1])?.name ?? 'mainland'));
      if (lands.size !== 1) bad.push(`${label}: crosses the sea between ${[...lands].join(' and ')}`);
    });
    expect(bad).toEqual([]);
  });

  it('ends an edge of both lines at every crossing of an east-west and a north-south road, on one shared node', () => {
    const { crossings, edgesOfLine } = cityOf(seed);
    expect(crossings.length).toBeGreaterThan(1000);
    const bad: string[] = [];
    for (const { ew, ns, point } of crossings) {
      const nodes = new Set<string>();
      for (const line of [ew, ns]) {
        const here = (edgesOfLine.get(line.id) ?? []).flatMap(endsOf).filter((end) => samePoint(end.point, point));
        if (here.length === 0)
          bad.push(`crossing ${ew.id}×${ns.id} at ${point}: no edge of line ${line.id} ends there`);
        for (const end of here) nodes.add(end.node);
      }
      if (nodes.size > 1) bad.push(`crossing ${ew.id}×${ns.id} at ${point}: nodes ${[...nodes].join(', ')}`);
    }
    expect(bad).toEqual([]);
  });

  it('runs no edge through a crossing of its line (edges end at every intersection along their line)', () => {
    const { crossings, edgesOfLine } = cityOf(seed);
    const bad: string[] = [];
    for (const { ew, ns, point } of crossings) {
      for (const line of [ew, ns]) {
        const t = tOf(line, point);
        for (const edge of edgesOfLine.get(line.id) ?? []) {
          const t0 = tOf(line, edge.points[0] as Point);
          const t1 = tOf(line, edge.points[edge.points.length - 1] as Point);
          if (t > t0 + SAME_POINT_DEG && t < t1 - SAME_POINT_DEG) bad.push(`edge ${edge.id} runs through ${point}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('chains the edges of a line end to start (skipping only pieces under 30 m) from dead end to dead end', () => {
    const { lines, edgesOfLine, edges } = cityOf(seed);
    const bad: string[] = [];
    let chained = 0;
    let skipped = 0;
    for (const line of lines) {
      const mine = edgesOfLine.get(line.id) ?? [];
      const first = mine[0];
      const last = mine[mine.length - 1];
      if (!first || !last) continue;
      // A line begins and ends at a dead end, or at a crossing within DEAD_END_DEG of its end (followed by at most
      // one dropped piece under 30 m).
      const slack = DEAD_END_DEG + MIN_EDGE_M / (line.axis === 'ew' ? M_PER_DEG_LON : M_PER_DEG_LAT) + 1e-9;
      if (tOf(line, first.points[0] as Point) - line.from > slack) bad.push(`line ${line.id}: first edge starts late`);
      if (line.to - tOf(line, last.points[last.points.length - 1] as Point) > slack)
        bad.push(`line ${line.id}: last edge ends early`);
      for (let i = 1; i < mine.length; i++) {
        const [, prevEnd] = endsOf(mine[i - 1] as RoadEdge);
        const [nextStart] = endsOf(mine[i] as RoadEdge);
        if (!prevEnd || !nextStart) continue;
        if (prevEnd.node === nextStart.node) {
          chained++;
          if (prevEnd.point[0] !== nextStart.point[0] || prevEnd.point[1] !== nextStart.point[1])
            bad.push(`line ${line.id}: node ${prevEnd.node} at two places`);
          continue;
        }
        skipped++;
        const gapM = metresAlong(line, tOf(line, prevEnd.point), tOf(line, nextStart.point));
        if (!(gapM > 0 && gapM < MIN_EDGE_M)) bad.push(`line ${line.id}: ${gapM.toFixed(1)} m between edges`);
      }
    }
    expect(bad).toEqual([]);
    expect(chained).toBeGreaterThan(edges.length / 2);
    expect(skipped).toBeLessThan(edges.length / 100);
  });

  it('has named and unnamed edges; the names end in 通, 筋, 坂 or 道 and every kind occurs', () => {
    const { edges } = cityOf(seed);
    const named = edges.filter((e) => e.name !== null);
    expect(named.length).toBeGreaterThan(100);
    expect(edges.length - named.length).toBeGreaterThan(named.length);
    const names = new Set(named.map((e) => e.name as string));
    expect([...names].filter((n) => !STREET_SUFFIX.test(n))).toEqual([]);
    for (const suffix of ['通', '筋', '坂', '道'])
      expect(
        [...names].some((n) => n.endsWith(suffix)),
        suffix,
      ).toBe(true);
    // Each island has a main street of its own.
    for (const island of ISLANDS) expect(names.has(`${island.name}通`), island.name).toBe(true);
  });
});

/** A line's positions across its axis every SAMPLE_DEG along it, on one grid shared by all lines (k × SAMPLE_DEG). */
interface SampledLine {
  line: RoadLine;
  first: number;
  values: Float64Array;
  min: number;
  max: number;
}

const SAMPLE_DEG = 0.00002;
const MIN_GAP_DEG = 0.0002;

function sampled(line: RoadLine): SampledLine {
  const first = Math.ceil(line.from / SAMPLE_DEG);
  const last = Math.floor(line.to / SAMPLE_DEG);
  const values = Float64Array.from({ length: Math.max(0, last - first + 1) }, (_, i) =>
    line.at((first + i) * SAMPLE_DEG),
  );
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  return { line, first, values, min, max };
}

describe('demo road lines of one direction', () => {
  // Every intersection must be an east-west × north-south crossing, the ones network.ts cuts: lines of one direction
  // wiggle (north-south up to ±0.0008° in the hills, 0.0019° apart; east-west ±0.0004°, 0.0016° apart) but never
  // cross or touch. Sampled every 0.00002° (~2 m) wherever two lines overlap; a pair whose samples lie entirely
  // 0.0002° or more apart passes without walking the overlap.
  it.each([DEMO_SEED, 1, 5, 6, 42])('never cross each other (seed %i)', (seed) => {
    const lines = cities.get(seed)?.lines ?? buildRoadLines(new Rng(seed, 'network'));
    const close: string[] = [];
    for (const axis of ['ns', 'ew'] as const) {
      const ofAxis = lines.filter((l) => l.axis === axis).map(sampled);
      for (const [i, a] of ofAxis.entries()) {
        for (const b of ofAxis.slice(i + 1)) {
          if (a.min - b.max >= MIN_GAP_DEG || b.min - a.max >= MIN_GAP_DEG) continue;
          const lo = Math.max(a.first, b.first);
          const hi = Math.min(a.first + a.values.length, b.first + b.values.length) - 1;
          if (hi < lo) continue;
          const gapAt = (k: number) => (a.values[k - a.first] as number) - (b.values[k - b.first] as number);
          const side = Math.sign(gapAt(lo));
          for (let k = lo; k <= hi; k++) {
            const gap = gapAt(k);
            if (Math.sign(gap) !== side || Math.abs(gap) < MIN_GAP_DEG) {
              const t = (k * SAMPLE_DEG).toFixed(5);
              close.push(`${axis} lines ${a.line.id}×${b.line.id} at ${t}: ${gap.toFixed(5)}°`);
              break;
            }
          }
        }
      }
    }
    expect(close).toEqual([]);
  });
});

const { rows } = await loadDemo();
const grid = gridOfBounds();

describe('demo city geography and the fixture release', () => {
  it('is coastal: sea fills the south of the bounding box and the shore runs its whole width', () => {
    const sea = grid.filter(([lat, lon]) => !isLand(lat, lon));
    expect(sea.length / grid.length).toBeGreaterThan(0.2);
    expect(sea.length / grid.length).toBeLessThan(0.6);
    const bad: string[] = [];
    for (let lon = BOUNDS.west + 0.0005; lon < BOUNDS.east; lon += 0.001) {
      // Going north along a meridian (islands aside): sea, then the mainland, which never gives way to sea again.
      let onLand = false;
      for (let lat = BOUNDS.south + 0.0005; lat < BOUNDS.north; lat += 0.0005) {
        if (islandAt(lat, lon)) continue;
        const land = isLand(lat, lon);
        if (lat < BOUNDS.south + 0.001 && land) bad.push(`${lon.toFixed(4)}: land at the southern edge`);
        if (onLand && !land) bad.push(`${lon.toFixed(4)}: sea north of the shore at ${lat.toFixed(4)}`);
        onLand ||= land;
      }
      if (!onLand) bad.push(`${lon.toFixed(4)}: no mainland`);
      if (!isLand(BOUNDS.north - 0.0005, lon)) bad.push(`${lon.toFixed(4)}: sea at the northern edge`);
    }
    expect(bad).toEqual([]);
  });

  it('has islands surrounded by sea off the shore, with roads and scenes of the islands ward on each', () => {
    expect(ISLANDS.length).toBeGreaterThanOrEqual(2);
    const { edges } = cityOf(DEMO_SEED);
    for (const island of ISLANDS) {
      expect(isLand(island.lat, island.lon), island.name).toBe(true);
      expect(island.lat + island.rLat, island.name).toBeLessThan(coastLat(island.lon));
      const ring = Array.from({ length: 72 }, (_, k) => (k * Math.PI) / 36).map(
        (a): Point => [island.lat + 1.15 * island.rLat * Math.sin(a), island.lon + 1.15 * island.rLon * Math.cos(a)],
      );
      expect(
        ring.filter(([lat, lon]) => isLand(lat, lon)),
        island.name,
      ).toEqual([]);
      const roads = edges.filter((e) => e.points.every((p) => islandAt(p[0], p[1]) === island));
      expect(roads.length, island.name).toBeGreaterThan(10);
    }
    const onIslands = rows.scenes.filter((s) => islandAt(s.lat, s.lon));
    for (const island of ISLANDS) {
      expect(onIslands.filter((s) => islandAt(s.lat, s.lon) === island).length, island.name).toBeGreaterThan(0);
    }
    for (const s of onIslands) expect(s.ward).toBe(ISLANDS_WARD.label);
  });

  it('puts every scene on land, its raw position too, and near the edge it references', () => {
    expect(rows.scenes.filter((s) => !isLand(s.lat, s.lon)).map((s) => s.id)).toEqual([]);
    expect(
      rows.scenes.filter((s) => s.raw_lat !== null && s.raw_lon !== null && !isLand(s.raw_lat, s.raw_lon)),
    ).toEqual([]);
    // A computed position far out at sea is the discarded kind: the raw one represents the scene then.
    const computedAtSea = rows.scenes.filter(
      (s) => s.computed_lat !== null && s.computed_lon !== null && !isLand(s.computed_lat, s.computed_lon),
    );
    for (const s of computedAtSea) expect(s.position_source).toBe('mapillary_raw');
    const geomOf = new Map(rows.edges.map((e) => [e.edge_id, e.geom]));
    const far: string[] = [];
    for (const s of rows.scenes) {
      if (!s.edge_id) continue;
      const geom = geomOf.get(s.edge_id) ?? [];
      // Raw GPS noise is 15 m (1 σ) at worst; 80 m is more than 5 σ.
      if (distanceToPolylineM([s.lat, s.lon], geom) > 80) far.push(`${s.id} on ${s.edge_id}`);
    }
    expect(far).toEqual([]);
  });

  it('publishes only edges of the network, with their geometry, each with ≥ 15 non-quarantined scenes', () => {
    const network = new Map(cityOf(DEMO_SEED).edges.map((e) => [e.id, e]));
    const perEdge = new Map<string, number>();
    for (const s of rows.scenes)
      if (s.edge_id && !s.quarantined) perEdge.set(s.edge_id, (perEdge.get(s.edge_id) ?? 0) + 1);
    expect(rows.edges.length).toBeGreaterThan(50);
    for (const row of rows.edges) {
      const edge = network.get(row.edge_id);
      expect(edge, row.edge_id).toBeDefined();
      expect(row.geom.length).toBe(edge?.points.length);
      row.geom.forEach((p, i) => {
        const q = edge?.points[i] as Point;
        expect(Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1])).toBeLessThan(2e-6);
      });
      expect(row.name).toBe(edge?.name);
      expect(perEdge.get(row.edge_id) ?? 0, row.edge_id).toBeGreaterThanOrEqual(MIN_EDGE_SCENES);
      expect(row.n_scenes).toBe(perEdge.get(row.edge_id));
    }
    const named = rows.edges.filter((e) => e.name !== null);
    expect(named.length).toBeGreaterThan(0);
    expect(rows.edges.length - named.length).toBeGreaterThan(0);
    expect(named.filter((e) => !STREET_SUFFIX.test(e.name as string)).map((e) => e.name)).toEqual([]);
  });

  it('is hillier in the west than in the east, and the western hills are the highest ward', () => {
    const land = grid.filter(([lat, lon]) => isLand(lat, lon) && !islandAt(lat, lon));
    const west = land.filter(([, lon]) => lon < WEST_THIRD).map(([lat, lon]) => elevationM(lat, lon));
    const east = land.filter(([, lon]) => lon > EAST_THIRD).map(([lat, lon]) => elevationM(lat, lon));
    expect(mean(west)).toBeGreaterThan(mean(east) * 1.5);
    expect(Math.max(...west)).toBeGreaterThan(Math.max(...east));
    const mids = cityOf(DEMO_SEED).edges.map((e) => e.mid);
    const westRoads = mids.filter(([, lon]) => lon < WEST_THIRD).map(([lat, lon]) => elevationM(lat, lon));
    const eastRoads = mids.filter(([, lon]) => lon > EAST_THIRD).map(([lat, lon]) => elevationM(lat, lon));
    expect(mean(westRoads)).toBeGreaterThan(mean(eastRoads) * 1.5);
    const mainland = rows.scenes.filter((s) => !islandAt(s.lat, s.lon));
    const westScenes = mainland.filter((s) => s.lon < WEST_THIRD).map((s) => elevationM(s.lat, s.lon));
    const eastScenes = mainland.filter((s) => s.lon > EAST_THIRD).map((s) => elevationM(s.lat, s.lon));
    expect(westScenes.length).toBeGreaterThan(50);
    expect(eastScenes.length).toBeGreaterThan(50);
    expect(mean(westScenes)).toBeGreaterThan(mean(eastScenes));
    const byWard = new Map<string, number[]>();
    for (const s of rows.scenes)
      if (s.ward) byWard.set(s.ward, [...(byWard.get(s.ward) ?? []), elevationM(s.lat, s.lon)]);
    const ranked = [...byWard].sort((a, b) => mean(b[1]) - mean(a[1])).map(([label]) => label);
    expect(ranked[0]).toBe('西部丘陵');
  });

  it('has at least 6 wards besides the hills and the islands, each on land and with scenes', () => {
    const wards = WARDS.filter((w) => w.kind === 'ward');
    expect(wards.length).toBeGreaterThanOrEqual(6);
    const onLand = new Set(grid.filter(([lat, lon]) => isLand(lat, lon)).map(([lat, lon]) => wardAt(lat, lon).label));
    expect([...onLand].sort()).toEqual(WARDS.map((w) => w.label).sort());
    const withScenes = new Set(rows.scenes.map((s) => s.ward));
    for (const w of wards) expect(withScenes.has(w.label), w.label).toBe(true);
  });
});

/** Metres from a point to a polyline of [lat, lon] (flat metres near 34.6°N). */
function distanceToPolylineM(p: Point, line: readonly (readonly [number, number])[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1] as readonly [number, number];
    const b = line[i] as readonly [number, number];
    const ax = (a[1] - p[1]) * M_PER_DEG_LON;
    const ay = (a[0] - p[0]) * M_PER_DEG_LAT;
    const dx = (b[1] - a[1]) * M_PER_DEG_LON;
    const dy = (b[0] - a[0]) * M_PER_DEG_LAT;
    const len2 = dx * dx + dy * dy;
    const f = len2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2)) : 0;
    best = Math.min(best, Math.hypot(ax + f * dx, ay + f * dy));
  }
  return best;
}
