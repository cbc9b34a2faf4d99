/**
 * Point-in-polygon for GeoJSON Polygon and MultiPolygon geometries ([lon, lat] positions, first ring outer, the rest
 * holes), computed in the latitude/longitude plane, which is exact enough for town blocks.
 *
 * Boundary rule: polygons are closed sets. A point within BOUNDARY_TOLERANCE_DEG of a ring edge (outer ring or hole)
 * belongs to the polygon. So a point on the edge shared by two adjacent blocks is in both; PolygonIndex.containing then
 * picks the lowest index. Geometries must not cross ±180° (cut them there, as RFC 7946 §3.1.9 asks) or hold a pole.
 */
export type Position = ArrayLike<number>;
export type Ring = ReadonlyArray<Position>;

export interface GeoPolygon {
  type: 'Polygon';
  coordinates: ReadonlyArray<Ring>;
}

export interface GeoMultiPolygon {
  type: 'MultiPolygon';
  coordinates: ReadonlyArray<ReadonlyArray<Ring>>;
}

export type GeoPolygonGeometry = GeoPolygon | GeoMultiPolygon;

/** About 0.1 mm: absorbs rounding of vertices and of points computed on an edge. */
export const BOUNDARY_TOLERANCE_DEG = 1e-9;

export const INSIDE = 1;
export const ON_BOUNDARY = 0;
export const OUTSIDE = -1;

/** INSIDE, ON_BOUNDARY or OUTSIDE for one ring (closed or not) by crossing number. */
export function classifyInRing(lat: number, lon: number, ring: Ring): number {
  const n = ring.length;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = ring[j] as Position;
    const b = ring[i] as Position;
    const ax = a[0] as number;
    const ay = a[1] as number;
    const bx = b[0] as number;
    const by = b[1] as number;
    if (isNearSegment(lon, lat, ax, ay, bx, by)) return ON_BOUNDARY;
    if (ay > lat !== by > lat && lon < ax + ((lat - ay) * (bx - ax)) / (by - ay)) inside = !inside;
  }
  return inside ? INSIDE : OUTSIDE;
}

function isNearSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): boolean {
  const tol = BOUNDARY_TOLERANCE_DEG;
  if (px < Math.min(ax, bx) - tol || px > Math.max(ax, bx) + tol) return false;
  if (py < Math.min(ay, by) - tol || py > Math.max(ay, by) + tol) return false;
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSq = dx * dx + dy * dy;
  let t = lengthSq > 0 ? ((px - ax) * dx + (py - ay) * dy) / lengthSq : 0;
  t = Math.max(0, Math.min(t, 1));
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return ex * ex + ey * ey <= tol * tol;
}

/** Inside the outer ring (or on it) and not strictly inside any hole. */
export function polygonContains(rings: ReadonlyArray<Ring>, lat: number, lon: number): boolean {
  const outer = rings[0];
  if (outer === undefined) return false;
  const where = classifyInRing(lat, lon, outer);
  if (where === OUTSIDE) return false;
  if (where === ON_BOUNDARY) return true;
  for (let h = 1; h < rings.length; h++) {
    if (classifyInRing(lat, lon, rings[h] as Ring) === INSIDE) return false;
  }
  return true;
}

export function polygonGeometryContains(geometry: GeoPolygonGeometry, lat: number, lon: number): boolean {
  if (geometry.type === 'Polygon') return polygonContains(geometry.coordinates, lat, lon);
  return geometry.coordinates.some((rings) => polygonContains(rings, lat, lon));
}

/** The polygons of a geometry as one list (a Polygon is a list of one). */
export function polygonsOf(geometry: GeoPolygonGeometry): ReadonlyArray<ReadonlyArray<Ring>> {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}
