/** Cuts the road lines into edges at their intersections (and at dead ends). */
import { bearingDeg, polylineLengthM } from './geo.ts';
import { elevationM } from './geography.ts';
import type { Rng } from './rng.ts';
import { buildRoadLines, type RoadLine } from './road-lines.ts';

export interface RoadEdge {
  index: number;
  id: string;
  line: RoadLine;
  name: string | null;
  highway: string;
  points: [number, number][];
  lengthM: number;
  mid: [number, number];
  bearing: number;
}

interface LineNode {
  t: number;
  nodeId: number;
}

const SHAPE_STEP = { ew: 0.0004, ns: 0.0003 } as const;

function pointOf(line: RoadLine, t: number): [number, number] {
  return line.axis === 'ew' ? [line.at(t), t] : [t, line.at(t)];
}

/** Where an east-west and a north-south line cross, if both exist there. */
function crossing(ew: RoadLine, ns: RoadLine): [number, number] | null {
  let lon = ns.at(ew.at((ew.from + ew.to) / 2));
  let lat = ew.at(lon);
  for (let i = 0; i < 6; i++) {
    lat = ew.at(lon);
    lon = ns.at(lat);
  }
  if (lon < ew.from || lon > ew.to || lat < ns.from || lat > ns.to) return null;
  return [lat, lon];
}

/** Unnamed hill-side steps and service lanes make the network less uniform. */
function highwayOf(line: RoadLine, mid: [number, number], rng: Rng): string {
  if (line.name) return line.highway;
  const elev = elevationM(mid[0], mid[1]);
  if (line.axis === 'ns' && elev > 45 && rng.chance(0.3)) return 'steps';
  const r = rng.next();
  if (r < 0.08) return 'service';
  if (r < 0.18) return 'unclassified';
  if (r < 0.22) return 'footway';
  return 'residential';
}

export function buildNetwork(rng: Rng): RoadEdge[] {
  const lines = buildRoadLines(rng);
  const nodesByLine = new Map<number, LineNode[]>(lines.map((l) => [l.id, []]));
  let nextNode = 1_000_000;
  const ews = lines.filter((l) => l.axis === 'ew');
  const nss = lines.filter((l) => l.axis === 'ns');
  for (const ew of ews) {
    for (const ns of nss) {
      const nsLon = ns.at((ns.from + ns.to) / 2);
      if (nsLon < ew.from - 0.003 || nsLon > ew.to + 0.003) continue;
      const hit = crossing(ew, ns);
      if (!hit) continue;
      nextNode += 7;
      nodesByLine.get(ew.id)?.push({ t: hit[1], nodeId: nextNode });
      nodesByLine.get(ns.id)?.push({ t: hit[0], nodeId: nextNode });
    }
  }
  const edges: RoadEdge[] = [];
  for (const line of lines) {
    const nodes = (nodesByLine.get(line.id) ?? []).sort((a, b) => a.t - b.t);
    // Dead ends: the line continues past its first and last crossing.
    const first = nodes[0];
    if (!first || first.t - line.from > 0.0006) {
      nextNode += 7;
      nodes.unshift({ t: line.from, nodeId: nextNode });
    }
    const last = nodes[nodes.length - 1];
    if (!last || line.to - last.t > 0.0006) {
      nextNode += 7;
      nodes.push({ t: line.to, nodeId: nextNode });
    }
    for (let i = 1; i < nodes.length; i++) {
      const a = nodes[i - 1] as LineNode;
      const b = nodes[i] as LineNode;
      const points: [number, number][] = [pointOf(line, a.t)];
      const step = SHAPE_STEP[line.axis];
      for (let t = a.t + step; t < b.t - step / 2; t += step) points.push(pointOf(line, t));
      points.push(pointOf(line, b.t));
      const lengthM = polylineLengthM(points);
      if (lengthM < 30) continue;
      const start = points[0] as [number, number];
      const end = points[points.length - 1] as [number, number];
      const mid = pointOf(line, (a.t + b.t) / 2);
      edges.push({
        index: edges.length,
        id: `${a.nodeId}_${b.nodeId}`,
        line,
        name: line.name,
        highway: highwayOf(line, mid, rng),
        points,
        lengthM,
        mid,
        bearing: bearingDeg(start[0], start[1], end[0], end[1]),
      });
    }
  }
  return edges;
}
