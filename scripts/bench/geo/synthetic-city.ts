// The seeded synthetic city of the geo bench (scripts/bench/geo.ts): 20 × 15 km around 34.69N 135.19E, scenes
// clustered along roads, denser downtown; amenities on scene positions; a grid of town blocks with shared edges and
// holes. Deterministic: the same seed and calls in the same order give the same city and queries (the PostGIS tables
// are keyed on that).
import type { GeoPolygonGeometry } from '../../../core/geo/point-in-polygon.ts';
import type { LatLon } from '../../../core/geo/polyline-distance.ts';
import type { Random } from '../shared/random.ts';

export const AMENITIES = 30_000;
const GRID_X = 60;
const GRID_Y = 50;

const CENTER = { lat: 34.69, lon: 135.19 };
const M_PER_DEG_LAT = 111_195.08;
const M_PER_DEG_LON = M_PER_DEG_LAT * Math.cos((CENTER.lat * Math.PI) / 180);
const HALF_W = 10_000;
const HALF_H = 7_500;
const toLatLon = (x: number, y: number): LatLon => [CENTER.lat + y / M_PER_DEG_LAT, CENTER.lon + x / M_PER_DEG_LON];
const clampX = (x: number) => Math.max(-HALF_W, Math.min(HALF_W, x));
const clampY = (y: number) => Math.max(-HALF_H, Math.min(HALF_H, y));

/** Roads in metres: a wobbly, slightly rotated arterial grid and many short local streets, denser downtown. */
function makeRoads(random: Random): [number, number][][] {
  const roads: [number, number][][] = [];
  const angle = (8 * Math.PI) / 180;
  const rotate = (x: number, y: number): [number, number] => [
    clampX(x * Math.cos(angle) - y * Math.sin(angle)),
    clampY(x * Math.sin(angle) + y * Math.cos(angle)),
  ];
  for (let offset = -HALF_H; offset <= HALF_H; offset += 600) {
    const road: [number, number][] = [];
    for (let x = -HALF_W; x <= HALF_W; x += 100)
      road.push(rotate(x, offset + 30 * Math.sin(x / 700) + random.gaussian() * 5));
    roads.push(road);
  }
  for (let offset = -HALF_W; offset <= HALF_W; offset += 600) {
    const road: [number, number][] = [];
    for (let y = -HALF_H; y <= HALF_H; y += 100)
      road.push(rotate(offset + 30 * Math.sin(y / 700) + random.gaussian() * 5, y));
    roads.push(road);
  }
  for (let k = 0; k < 7000; k++) {
    let x = clampX(random.gaussian() * 5000);
    let y = clampY(random.gaussian() * 4000);
    let heading = random.next() * 2 * Math.PI;
    const road: [number, number][] = [[x, y]];
    const steps = 4 + Math.floor(random.next() * 12);
    for (let s = 0; s < steps; s++) {
      heading += (random.next() - 0.5) * 1.0;
      const length = 40 + random.next() * 80;
      x = clampX(x + Math.cos(heading) * length);
      y = clampY(y + Math.sin(heading) * length);
      road.push([x, y]);
    }
    roads.push(road);
  }
  return roads;
}

export interface City {
  lats: Float64Array;
  lons: Float64Array;
  years: (number | null)[];
  ids: string[];
  hasVerbalization: Uint8Array;
  edges: LatLon[][];
  amenityLats: Float64Array;
  amenityLons: Float64Array;
  blocks: GeoPolygonGeometry[];
}

export function makeCity(random: Random, count: number): City {
  const roads = makeRoads(random);
  // Scenes land on road segments in proportion to length × a downtown density bump.
  const segments: { ax: number; ay: number; bx: number; by: number }[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const road of roads) {
    for (let i = 1; i < road.length; i++) {
      const [ax, ay] = road[i - 1] as [number, number];
      const [bx, by] = road[i] as [number, number];
      const mx = (ax + bx) / 2;
      const my = (ay + by) / 2;
      const density = 0.4 + 2.6 * Math.exp(-(mx * mx + my * my) / 4000 ** 2);
      total += Math.hypot(bx - ax, by - ay) * density;
      segments.push({ ax, ay, bx, by });
      cumulative.push(total);
    }
  }
  const lats = new Float64Array(count);
  const lons = new Float64Array(count);
  const years: (number | null)[] = new Array(count);
  const ids: string[] = new Array(count);
  const hasVerbalization = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const target = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    const seg = segments[lo] as { ax: number; ay: number; bx: number; by: number };
    const t = random.next();
    const [lat, lon] = toLatLon(
      seg.ax + t * (seg.bx - seg.ax) + random.gaussian() * 3,
      seg.ay + t * (seg.by - seg.ay) + random.gaussian() * 3,
    );
    lats[i] = lat;
    lons[i] = lon;
    years[i] = random.next() < 0.03 ? null : 2026 - Math.floor(random.next() ** 2 * 31);
    ids[i] = String(10 ** 14 + Math.floor(random.next() * 9 * 10 ** 14)) + String(i).padStart(5, '0');
    hasVerbalization[i] = random.next() < 0.92 ? 1 : 0;
  }
  const edges: LatLon[][] = [];
  for (const road of roads) {
    for (let start = 0; start < road.length - 1; start += 3) {
      edges.push(road.slice(start, Math.min(road.length, start + 4)).map(([x, y]) => toLatLon(x, y)));
    }
  }
  const amenityLats = new Float64Array(AMENITIES);
  const amenityLons = new Float64Array(AMENITIES);
  for (let i = 0; i < AMENITIES; i++) {
    const source = Math.floor(random.next() * count);
    amenityLats[i] = lats[source] as number;
    amenityLons[i] = lons[source] as number;
  }
  return { lats, lons, years, ids, hasVerbalization, edges, amenityLats, amenityLons, blocks: makeBlocks(random) };
}

/** Town blocks: a jittered grid whose neighbours share every vertex, 20 vertices per block, one in ten with a hole. */
function makeBlocks(random: Random): GeoPolygonGeometry[] {
  const cellW = (2 * HALF_W) / GRID_X;
  const cellH = (2 * HALF_H) / GRID_Y;
  const corner: [number, number][][] = [];
  for (let i = 0; i <= GRID_X; i++) {
    corner.push([]);
    for (let j = 0; j <= GRID_Y; j++) {
      const edge = i === 0 || j === 0 || i === GRID_X || j === GRID_Y;
      const jitter = edge ? 0 : 0.18;
      (corner[i] as [number, number][]).push([
        -HALF_W + (i + (random.next() - 0.5) * jitter) * cellW,
        -HALF_H + (j + (random.next() - 0.5) * jitter) * cellH,
      ]);
    }
  }
  const cornerAt = (i: number, j: number) => (corner[i] as [number, number][])[j] as [number, number];
  const sideCache = new Map<string, [number, number][]>();
  // Interior points of the side from corner (i1, j1) to (i2, j2), shared by both blocks that touch it.
  const side = (i1: number, j1: number, i2: number, j2: number): [number, number][] => {
    const forward = i1 < i2 || (i1 === i2 && j1 < j2);
    const key = forward ? `${i1},${j1},${i2},${j2}` : `${i2},${j2},${i1},${j1}`;
    let points = sideCache.get(key);
    if (points === undefined) {
      const [ax, ay] = forward ? cornerAt(i1, j1) : cornerAt(i2, j2);
      const [bx, by] = forward ? cornerAt(i2, j2) : cornerAt(i1, j1);
      const border = (i1 === i2 && (i1 === 0 || i1 === GRID_X)) || (j1 === j2 && (j1 === 0 || j1 === GRID_Y));
      points = [1, 2, 3, 4].map((k) => {
        const t = k / 5;
        const wobble = border ? 0 : (random.next() - 0.5) * 20;
        const length = Math.hypot(bx - ax, by - ay);
        return [ax + t * (bx - ax) - ((by - ay) / length) * wobble, ay + t * (by - ay) + ((bx - ax) / length) * wobble];
      });
      sideCache.set(key, points);
    }
    return forward ? points : [...points].reverse();
  };
  const blocks: GeoPolygonGeometry[] = [];
  for (let i = 0; i < GRID_X; i++) {
    for (let j = 0; j < GRID_Y; j++) {
      const ring: [number, number][] = [
        cornerAt(i, j),
        ...side(i, j, i + 1, j),
        cornerAt(i + 1, j),
        ...side(i + 1, j, i + 1, j + 1),
        cornerAt(i + 1, j + 1),
        ...side(i + 1, j + 1, i, j + 1),
        cornerAt(i, j + 1),
        ...side(i, j + 1, i, j),
        cornerAt(i, j),
      ];
      const toPosition = ([x, y]: [number, number]) => {
        const [lat, lon] = toLatLon(x, y);
        return [lon, lat];
      };
      const rings = [ring.map(toPosition)];
      if (random.next() < 0.1) {
        const [cx, cy] = [(ring[0] as [number, number])[0] + cellW / 2, (ring[0] as [number, number])[1] + cellH / 2];
        rings.push(
          [
            [cx - 20, cy - 20],
            [cx - 20, cy + 20],
            [cx + 20, cy + 20],
            [cx + 20, cy - 20],
            [cx - 20, cy - 20],
          ].map((p) => toPosition(p as [number, number])),
        );
      }
      blocks.push({ type: 'Polygon', coordinates: rings });
    }
  }
  return blocks;
}

/** Where people ask: mostly near recorded scenes (within ~100 m), some anywhere in the city. */
export function makeQueries(random: Random, city: City, count: number): LatLon[] {
  const queries: LatLon[] = [];
  for (let q = 0; q < count; q++) {
    if (random.next() < 0.8) {
      const i = Math.floor(random.next() * city.lats.length);
      queries.push([
        (city.lats[i] as number) + (random.gaussian() * 100) / M_PER_DEG_LAT,
        (city.lons[i] as number) + (random.gaussian() * 100) / M_PER_DEG_LON,
      ]);
    } else {
      queries.push(toLatLon((random.next() - 0.5) * 2 * HALF_W, (random.next() - 0.5) * 2 * HALF_H));
    }
  }
  return queries;
}
