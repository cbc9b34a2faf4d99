import { DEG_TO_RAD, EARTH_RADIUS_M } from './haversine.ts';
import { assertLatLon, assertRadius } from './validate.ts';

/**
 * A latitude/longitude box in degrees. As in RFC 7946 §5.2, a box that crosses the ±180° meridian has
 * `minLon > maxLon` (it runs east from minLon to 180 and on from -180 to maxLon).
 */
export interface GeoBox {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

/** An entry of an rbush R-tree over boxes in degrees (x = longitude, y = latitude): `index` names the record. */
export interface IndexedBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  index: number;
}

/** Padding in degrees (about 0.1 mm) so that a point exactly on the radius is never lost to rounding. */
const PAD_DEG = 1e-9;

/**
 * The smallest box holding every point within `radiusM` of (lat, lon) on the sphere.
 * When the circle reaches a pole the box spans all longitudes up to that pole; when it crosses ±180° the box wraps
 * (`minLon > maxLon`, see `splitAtAntimeridian`); a radius of half the circumference or more is the whole globe.
 */
export function boundingBoxForRadius(lat: number, lon: number, radiusM: number): GeoBox {
  assertLatLon(lat, lon, 'query');
  assertRadius(radiusM);
  const angle = radiusM / EARTH_RADIUS_M;
  const angleDeg = angle / DEG_TO_RAD;
  const minLat = lat - angleDeg - PAD_DEG;
  const maxLat = lat + angleDeg + PAD_DEG;
  if (angle >= Math.PI || minLat <= -90 || maxLat >= 90) {
    return { minLat: Math.max(minLat, -90), minLon: -180, maxLat: Math.min(maxLat, 90), maxLon: 180 };
  }
  // Widest longitude of a spherical cap that holds no pole: asin(sin θ / cos φ).
  const halfWidthDeg = Math.asin(Math.sin(angle) / Math.cos(lat * DEG_TO_RAD)) / DEG_TO_RAD + PAD_DEG;
  if (halfWidthDeg >= 180) return { minLat, minLon: -180, maxLat, maxLon: 180 };
  let minLon = lon - halfWidthDeg;
  let maxLon = lon + halfWidthDeg;
  if (minLon < -180) minLon += 360;
  if (maxLon > 180) maxLon -= 360;
  return { minLat, minLon, maxLat, maxLon };
}

/** One box, or two when it crosses ±180° (the eastern part first), for stores and indexes that cannot wrap. */
export function splitAtAntimeridian(box: GeoBox): GeoBox[] {
  if (box.minLon <= box.maxLon) return [box];
  return [
    { minLat: box.minLat, minLon: box.minLon, maxLat: box.maxLat, maxLon: 180 },
    { minLat: box.minLat, minLon: -180, maxLat: box.maxLat, maxLon: box.maxLon },
  ];
}

/** Inclusive on every edge; understands wrapped boxes. */
export function boxContainsPoint(box: GeoBox, lat: number, lon: number): boolean {
  if (lat < box.minLat || lat > box.maxLat) return false;
  if (box.minLon <= box.maxLon) return lon >= box.minLon && lon <= box.maxLon;
  return lon >= box.minLon || lon <= box.maxLon;
}
