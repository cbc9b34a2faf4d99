/** Street, edge and area rows (profiles, kartes, geometry) from the tallies gathered while writing scenes. */
import type { AreaProfile, AreaRow, ChangeSummary, EdgeRow, StreetProfile, StreetRow } from '../release/types.ts';
import type { CategoryCatalog } from './categories.ts';
import type { PlannedChange } from './changes.ts';
import { polylineLengthM, round } from './geo.ts';
import { areaKarte, KARTE_PROVENANCE, karteVersions, streetKarte } from './karte.ts';
import type { EdgePlan } from './plan.ts';
import { gradeOf, groupRates, landmarksOf, sidesOf, statsOf } from './profile.ts';
import type { Tally } from './tally.ts';
import type { TownBlock } from './towns.ts';

export const HIGHWAY_CLASS: Record<string, string> = {
  primary: '幹線道路',
  secondary: '補助幹線道路',
  tertiary: '補助幹線道路',
  residential: '生活道路',
  unclassified: '生活道路',
  service: '生活道路',
  footway: '歩行者専用道路',
  steps: '歩行者専用道路',
};

export interface StreetEntry {
  id: number;
  name: string;
  ward: string;
  highway: string;
  edges: EdgePlan[];
}

export interface LayerInput {
  catalog: CategoryCatalog;
  newTally: () => Tally;
  edgeTally: Map<number, Tally>;
  streetTally: Map<number, Tally>;
  blockTally: Map<number, Tally>;
  wardTally: Map<string, Tally>;
  blockOfEdge: Map<number, TownBlock>;
  changes: PlannedChange[];
}

function summarize(changes: PlannedChange[]): ChangeSummary {
  const by: Record<string, number> = {};
  let n = 0;
  for (const c of changes) {
    if (c.row.status !== 'supported') continue;
    n += 1;
    by[c.row.category] = (by[c.row.category] ?? 0) + 1;
  }
  return { n_supported: n, by_category: by };
}

const pt = (p: readonly [number, number]): [number, number] => [round(p[0], 6), round(p[1], 6)];

function bboxOf(points: readonly (readonly [number, number])[]): [number, number, number, number] {
  const lats = points.map((p) => p[0]);
  const lons = points.map((p) => p[1]);
  return [Math.min(...lats), Math.min(...lons), Math.max(...lats), Math.max(...lons)].map((v) => round(v, 6)) as [
    number,
    number,
    number,
    number,
  ];
}

export function edgeRow(plan: EdgePlan, streetId: number | null, input: LayerInput): EdgeRow {
  const t = input.edgeTally.get(plan.edge.index) ?? input.newTally();
  const block = input.blockOfEdge.get(plan.edge.index) as TownBlock;
  const base = {
    edge_id: plan.edge.id,
    street_id: streetId,
    name: plan.edge.name,
    ward: block.ward.label,
    town_key: block.key,
    highway: plan.edge.highway,
    highway_class: HIGHWAY_CLASS[plan.edge.highway] ?? null,
    length_m: Math.round(plan.edge.lengthM),
  };
  const profile = { ...base, stats: statsOf(t, input.catalog), evidence: t.evidenceMap, evidence_quotes: t.evidence };
  return { ...base, n_scenes: t.n, geom: plan.edge.points.map(pt), profile };
}

export function streetRow(street: StreetEntry, input: LayerInput): StreetRow {
  const t = input.streetTally.get(street.id) ?? input.newTally();
  const line = (street.edges[0] as EdgePlan).edge.line;
  const ts = street.edges.flatMap((e) => e.edge.points.map((p) => (line.axis === 'ew' ? p[1] : p[0])));
  const [t0, t1] = [Math.min(...ts), Math.max(...ts)];
  const axis: [number, number][] = [];
  const steps = Math.max(2, Math.ceil((t1 - t0) / 0.0005));
  for (let i = 0; i <= steps; i++) {
    const v = t0 + ((t1 - t0) * i) / steps;
    axis.push(pt(line.axis === 'ew' ? [line.at(v), v] : [v, line.at(v)]));
  }
  const blocks = street.edges.map((e) => input.blockOfEdge.get(e.edge.index) as TownBlock);
  const edgeSet = new Set(street.edges);
  const grade = gradeOf(t);
  const stats = statsOf(t, input.catalog);
  const lengthM = Math.round(polylineLengthM(axis));
  const profile: StreetProfile = {
    ...stats,
    street_id: street.id,
    name: street.name,
    ward: street.ward,
    highway_class: HIGHWAY_CLASS[street.highway] ?? null,
    length_m: lengthM,
    n_edges: street.edges.length,
    town_keys: [...new Set(blocks.map((b) => b.key))].sort(),
    town_names: [...new Set(blocks.map((b) => b.name))].sort(),
    sides: sidesOf(t),
    landmarks: landmarksOf(t),
    changes: summarize(input.changes.filter((c) => edgeSet.has(c.plan))),
    evidence: t.evidenceMap,
    evidence_quotes: t.evidence,
  };
  const hasKarte = grade !== 'D';
  return {
    street_id: street.id,
    name: street.name,
    ward: street.ward,
    highway_class: profile.highway_class,
    length_m: lengthM,
    coverage_grade: grade,
    n_scenes: t.n,
    n_sequences: stats.n_sequences,
    year_span: stats.year_span,
    bbox: bboxOf(axis),
    axis,
    karte: hasKarte ? streetKarte(profile, input.catalog) : null,
    karte_provenance: hasKarte ? KARTE_PROVENANCE : null,
    karte_versions: hasKarte ? karteVersions((brief) => streetKarte(profile, input.catalog, brief), grade) : [],
    profile,
  };
}

export function areaRow(block: TownBlock, edgesInBlock: EdgePlan[], input: LayerInput): AreaRow {
  const t = input.blockTally.get(block.index) ?? input.newTally();
  const ward = input.wardTally.get(block.ward.label) ?? input.newTally();
  const grade = gradeOf(t);
  const stats = statsOf(t, input.catalog);
  const edgeSet = new Set(edgesInBlock);
  const ring = block.ring.map(([lon, lat]) => [round(lon, 6), round(lat, 6)] as [number, number]);
  const profile: AreaProfile = {
    ...stats,
    town_key: block.key,
    name: block.name,
    ward: block.ward.label,
    area_m2: block.areaM2,
    n_edges: edgesInBlock.length,
    street_names: [...new Set(edgesInBlock.map((e) => e.edge.name).filter((n): n is string => n !== null))].sort(),
    landmarks: landmarksOf(t),
    changes: summarize(input.changes.filter((c) => edgeSet.has(c.plan))),
    ward_comparison: { ward: block.ward.label, rates: groupRates(ward, input.catalog) },
    evidence: t.evidenceMap,
    evidence_quotes: t.evidence,
  };
  const hasKarte = grade !== 'D';
  return {
    town_key: block.key,
    name: block.name,
    ward: block.ward.label,
    coverage_grade: grade,
    n_scenes: t.n,
    n_sequences: stats.n_sequences,
    year_span: stats.year_span,
    bbox: bboxOf(ring.map(([lon, lat]) => [lat, lon] as [number, number])),
    center: { lat: round(block.center[0], 6), lon: round(block.center[1], 6) },
    geometry: { type: 'Polygon', coordinates: [ring] },
    karte: hasKarte ? areaKarte(profile, input.catalog) : null,
    karte_provenance: hasKarte ? KARTE_PROVENANCE : null,
    karte_versions: hasKarte ? karteVersions((brief) => areaKarte(profile, input.catalog, brief), grade) : [],
    profile,
  };
}
