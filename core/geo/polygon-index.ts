import RBush from 'rbush';
import type { GeoBox, IndexedBox } from './bounding-box.ts';
import {
  BOUNDARY_TOLERANCE_DEG,
  type GeoPolygonGeometry,
  polygonGeometryContains,
  polygonsOf,
  type Ring,
} from './point-in-polygon.ts';
import { type NearestHit, PointIndex } from './point-index.ts';
import { assertLatLon } from './validate.ts';

export interface LatLonPoint {
  lat: number;
  lon: number;
}

/**
 * Town-block polygons: which polygon holds a point (boundary rule in point-in-polygon.ts; the lowest index wins when
 * several do, so pass polygons sorted by town_key) and which are near by centre distance.
 * Bounding boxes go into rbush (bulk-loaded once): at a few thousand polygons its search costs about a microsecond, far
 * below the ring tests that follow it (see scripts/bench/geo.ts).
 */
export class PolygonIndex {
  private readonly geometries: ReadonlyArray<GeoPolygonGeometry>;
  private readonly boxes: RBush<IndexedBox>;
  private readonly centerIndex: PointIndex;
  private readonly centers: ReadonlyArray<LatLonPoint>;

  private constructor(geometries: ReadonlyArray<GeoPolygonGeometry>, items: IndexedBox[], centers: LatLonPoint[]) {
    this.geometries = geometries;
    this.boxes = new RBush<IndexedBox>(9).load(items);
    this.centers = centers;
    this.centerIndex = PointIndex.build(
      centers.map((c) => c.lat),
      centers.map((c) => c.lon),
    );
  }

  /**
   * `centers`: the representative point of each polygon (the release's area centre); when omitted, the centroid of the
   * largest part's outer ring.
   */
  static build(geometries: ReadonlyArray<GeoPolygonGeometry>, centers?: ArrayLike<LatLonPoint>): PolygonIndex {
    if (centers !== undefined && centers.length !== geometries.length) {
      throw new RangeError(
        `${geometries.length} polygons and ${centers.length} centers: pass one center per polygon or none`,
      );
    }
    const items: IndexedBox[] = [];
    const centerList: LatLonPoint[] = [];
    geometries.forEach((geometry, index) => {
      const box = validateAndMeasure(geometry, index);
      items.push({
        minX: box.minLon - BOUNDARY_TOLERANCE_DEG,
        minY: box.minLat - BOUNDARY_TOLERANCE_DEG,
        maxX: box.maxLon + BOUNDARY_TOLERANCE_DEG,
        maxY: box.maxLat + BOUNDARY_TOLERANCE_DEG,
        index,
      });
      const center = centers === undefined ? centroidOfLargestPart(geometry) : (centers[index] as LatLonPoint);
      assertLatLon(center.lat, center.lon, `center of polygon ${index}`);
      centerList.push({ lat: center.lat, lon: center.lon });
    });
    return new PolygonIndex(geometries, items, centerList);
  }

  get size(): number {
    return this.geometries.length;
  }

  center(index: number): LatLonPoint {
    const center = this.centers[index];
    if (center === undefined) throw new RangeError(`no polygon ${index}: pass an index below ${this.size}`);
    return center;
  }

  /** Index of the polygon holding the point, the lowest when several do, or -1 when none does. */
  containing(lat: number, lon: number): number {
    const candidates = this.candidatesAt(lat, lon);
    for (const index of candidates) {
      if (polygonGeometryContains(this.geometries[index] as GeoPolygonGeometry, lat, lon)) return index;
    }
    return -1;
  }

  /** Every polygon holding the point, ascending. */
  allContaining(lat: number, lon: number): number[] {
    return this.candidatesAt(lat, lon).filter((index) =>
      polygonGeometryContains(this.geometries[index] as GeoPolygonGeometry, lat, lon),
    );
  }

  /** Polygons whose centre lies within the radius, nearest centre first (ties by index), at most `limit`. */
  nearbyByCenter(lat: number, lon: number, options: { radiusM: number; limit: number }): NearestHit[] {
    return this.centerIndex.nearest(lat, lon, options).hits;
  }

  private candidatesAt(lat: number, lon: number): number[] {
    assertLatLon(lat, lon, 'query');
    const found = this.boxes.search({ minX: lon, minY: lat, maxX: lon, maxY: lat });
    const indices = found.map((item) => item.index);
    if (indices.length > 1) indices.sort((a, b) => a - b);
    return indices;
  }
}

function validateAndMeasure(geometry: GeoPolygonGeometry, index: number): GeoBox {
  if (geometry === null || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) {
    throw new RangeError(`polygon ${index} is not a GeoJSON Polygon or MultiPolygon: pass one of those geometries`);
  }
  const box = { minLat: 90, minLon: 180, maxLat: -90, maxLon: -180 };
  const parts = polygonsOf(geometry);
  if (parts.length === 0) throw new RangeError(`polygon ${index} has no parts: pass at least one ring of [lon, lat]`);
  parts.forEach((rings, part) => {
    if (rings.length === 0) throw new RangeError(`polygon ${index} part ${part} has no rings: pass an outer ring`);
    rings.forEach((ring, r) => {
      const where = () => `polygon ${index} part ${part} ring ${r}`;
      if (ring.length < 3) {
        throw new RangeError(`${where()} has ${ring.length} positions: a ring needs at least 3 [lon, lat] positions`);
      }
      let prevLon = (ring[ring.length - 1] as ArrayLike<number>)[0] as number;
      for (const position of ring) {
        const lon = position[0] as number;
        const lat = position[1] as number;
        if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) {
          assertLatLon(lat, lon, `${where()} position [${lon}, ${lat}] (GeoJSON order is [lon, lat])`);
        }
        if (Math.abs(lon - prevLon) > 180) {
          throw new RangeError(`${where()} crosses ±180°: cut it at the antimeridian (RFC 7946 §3.1.9)`);
        }
        prevLon = lon;
        box.minLat = Math.min(box.minLat, lat);
        box.maxLat = Math.max(box.maxLat, lat);
        box.minLon = Math.min(box.minLon, lon);
        box.maxLon = Math.max(box.maxLon, lon);
      }
    });
  });
  return box;
}

/** Planar centroid of the outer ring of the largest part; the vertex mean when that ring has no area. */
function centroidOfLargestPart(geometry: GeoPolygonGeometry): LatLonPoint {
  let best: LatLonPoint = { lat: 0, lon: 0 };
  let bestArea = -1;
  for (const rings of polygonsOf(geometry)) {
    const outer = rings[0] as Ring;
    const { area, center } = ringCentroid(outer);
    if (area > bestArea) {
      bestArea = area;
      best = center;
    }
  }
  return best;
}

function ringCentroid(ring: Ring): { area: number; center: LatLonPoint } {
  // Coordinates relative to the first vertex keep the cross products free of cancellation at city scale.
  const origin = ring[0] as ArrayLike<number>;
  const ox = origin[0] as number;
  const oy = origin[1] as number;
  let twiceArea = 0;
  let cx = 0;
  let cy = 0;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j] as ArrayLike<number>;
    const b = ring[i] as ArrayLike<number>;
    const ax = (a[0] as number) - ox;
    const ay = (a[1] as number) - oy;
    const bx = (b[0] as number) - ox;
    const by = (b[1] as number) - oy;
    const cross = ax * by - bx * ay;
    twiceArea += cross;
    cx += (ax + bx) * cross;
    cy += (ay + by) * cross;
    sumX += bx;
    sumY += by;
  }
  if (twiceArea === 0) return { area: 0, center: { lat: oy + sumY / ring.length, lon: ox + sumX / ring.length } };
  return {
    area: Math.abs(twiceArea) / 2,
    center: { lat: oy + cy / (3 * twiceArea), lon: ox + cx / (3 * twiceArea) },
  };
}
