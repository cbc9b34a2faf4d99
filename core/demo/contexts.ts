/** What kind of place each road edge is: the place contexts that decide which scenery its scenes can show. */
import type { PlaceContext } from './affinity.ts';
import { haversineM } from './geo.ts';
import {
  canalDistanceM,
  DOWNTOWN,
  elevationM,
  isIndustrial,
  islandAt,
  metresFromSea,
  nearestRiver,
  OLD_TOWNS,
  RIVERS,
  railLat,
  STATIONS,
} from './geography.ts';
import { LANDMARKS, type LandmarkPlace } from './landmarks.ts';
import type { RoadEdge } from './network.ts';
import type { Rng } from './rng.ts';

export interface EdgeContext {
  tags: PlaceContext[];
  landmarks: LandmarkPlace[];
  elevationM: number;
  /** Main roadside uses on the left and right (Japanese labels). */
  sideUses: [string, string];
  /** Chance that building frontage is continuous (連続した街並み) on a side. */
  tsuranari: number;
}

const LANDMARK_CONTEXT: Record<LandmarkPlace['kind'], PlaceContext> = {
  神社: 'shrine',
  寺院: 'temple',
  公園: 'park',
  海浜: 'beach',
  港: 'port',
  倉庫群: 'canal',
  灯台: 'lighthouse',
  商店街: 'arcade',
  市場: 'market',
  歴史地区: 'historic',
};

const ELEVATED_RAIL = { west: 134.99, east: 135.045 } as const;

function crossesRiver(edge: RoadEdge): boolean {
  const a = edge.points[0] as [number, number];
  const b = edge.points[edge.points.length - 1] as [number, number];
  return RIVERS.some((r) => Math.sign(a[1] - r.lonAt(a[0])) !== Math.sign(b[1] - r.lonAt(b[0])));
}

function crossesRail(edge: RoadEdge): boolean {
  const a = edge.points[0] as [number, number];
  const b = edge.points[edge.points.length - 1] as [number, number];
  return Math.sign(a[0] - railLat(a[1])) !== Math.sign(b[0] - railLat(b[1]));
}

function sideUsesFor(tags: Set<PlaceContext>, rng: Rng): [string, string] {
  const pick = (): string => {
    if (tags.has('arcade') || tags.has('market')) return '商店';
    if (tags.has('port') || tags.has('canal')) return rng.pick(['倉庫・港湾施設', '倉庫・港湾施設', '海']);
    if (tags.has('industrial')) return '工場';
    if (tags.has('beach') || tags.has('lighthouse')) return rng.pick(['海', '松林']);
    if (tags.has('park')) return rng.pick(['公園', '住宅']);
    if (tags.has('shrine') || tags.has('temple')) return rng.pick(['社寺', '住宅']);
    if (tags.has('downtown') || tags.has('station')) return rng.pick(['商業ビル', '商店', 'マンション']);
    if (tags.has('river')) return rng.pick(['河川', '住宅']);
    if (tags.has('steep')) return rng.pick(['山林', '住宅']);
    if (tags.has('island') || tags.has('fishing')) return rng.pick(['住宅', '漁業施設', '海']);
    return rng.pick(['住宅', '住宅', '住宅', 'マンション', '駐車場']);
  };
  return [pick(), pick()];
}

export function edgeContext(edge: RoadEdge, rng: Rng, schools: readonly [number, number][]): EdgeContext {
  const [lat, lon] = edge.mid;
  const tags = new Set<PlaceContext>(['any']);
  const hw = edge.highway;
  if (hw === 'steps') tags.add('stairs').add('alley');
  else if (hw === 'footway' || hw === 'service') tags.add('alley');
  else if (hw === 'primary' || hw === 'secondary') tags.add('arterial');
  else tags.add('residential');
  const elev = elevationM(lat, lon);
  const island = islandAt(lat, lon);
  if (island) tags.add('island');
  if (elev > 35) tags.add('hills');
  if (elev > 110) tags.add('steep');
  if (elev > 60 && (edge.line.axis === 'ns' || rng.chance(0.3))) tags.add('view');
  const fromSea = metresFromSea(lat, lon);
  if (!island && fromSea < 280) {
    tags.add('coast');
    if (lon > 135.012 && lon < 135.066) tags.add('port');
    if (lon < 134.96) tags.add('beach');
  }
  const fishing = OLD_TOWNS[1];
  if (haversineM(lat, lon, fishing.lat, fishing.lon) < fishing.radiusM) tags.add('fishing');
  const river = nearestRiver(lat, lon);
  if (river && river.distanceM < 110) tags.add('river');
  if (!island && edge.line.axis === 'ew' && crossesRiver(edge)) tags.add('bridge').add('river');
  if (canalDistanceM(lat, lon) < 150) tags.add('canal');
  if (haversineM(lat, lon, DOWNTOWN.lat, DOWNTOWN.lon) < DOWNTOWN.radiusM) tags.add('downtown');
  const oldTown = OLD_TOWNS[0];
  if (haversineM(lat, lon, oldTown.lat, oldTown.lon) < oldTown.radiusM) tags.add('old_town');
  const nearRail = Math.abs(lat - railLat(lon)) * 110_950 < 70;
  const elevatedRail = lon > ELEVATED_RAIL.west && lon < ELEVATED_RAIL.east;
  if (!island && (nearRail || (edge.line.axis === 'ns' && crossesRail(edge)))) {
    tags.add(elevatedRail ? 'viaduct' : edge.line.axis === 'ns' ? 'crossing' : 'rail');
  }
  if (STATIONS.some((s) => haversineM(lat, lon, railLat(s.lon), s.lon) < 300)) tags.add('station');
  if (edge.name === '海岸通' && lon > 135.0) tags.add('expressway');
  if ((edge.name === '海岸通' || edge.name === '栄町通') && lon > 134.99 && lon < 135.05) tags.add('tram');
  if (isIndustrial(lat, lon)) tags.add('industrial');
  if (!island && lat > 34.641 && elev < 110 && !tags.has('old_town') && tags.has('residential')) tags.add('suburb');
  if (!island && lon > 134.955 && lon < 134.992 && lat < 34.634 && !tags.has('arterial')) tags.add('showa');
  else if (tags.has('residential') && rng.chance(0.12)) tags.add('showa');
  if (schools.some(([sLat, sLon]) => haversineM(lat, lon, sLat, sLon) < 200)) tags.add('school');
  const landmarks = LANDMARKS.filter((l) => haversineM(lat, lon, l.lat, l.lon) < l.radiusM);
  for (const l of landmarks) {
    const context = LANDMARK_CONTEXT[l.kind];
    if (context === 'arcade' && !(edge.name === '本町通' || edge.name === '元町通' || hw === 'footway')) continue;
    tags.add(context);
    if (l.name === '北山手異人館街') tags.add('old_town');
  }
  if ((edge.name === '本町通' || edge.name === '元町通') && tags.has('downtown')) tags.add('arcade');
  const tsuranari =
    tags.has('arcade') || tags.has('downtown') ? 0.8 : tags.has('steep') || tags.has('coast') ? 0.2 : 0.5;
  return { tags: [...tags], landmarks, elevationM: elev, sideUses: sideUsesFor(tags, rng), tsuranari };
}
