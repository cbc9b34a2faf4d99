/** Mean Earth radius (IUGG R1) in metres; every distance in the service uses this one sphere. */
export const EARTH_RADIUS_M = 6_371_008.8;
export const DEG_TO_RAD = Math.PI / 180;

/**
 * The haversine term `a = sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2)` from precomputed cosines of the latitudes.
 * The indexes call this with cached cosines; `haversineMeters` calls it with fresh ones. Both run the same floating-point
 * operations in the same order, so an index and a brute-force scan get bit-identical distances (ties stay ties).
 */
export function haversineTermFromCos(
  lat1: number,
  lon1: number,
  cosLat1: number,
  lat2: number,
  lon2: number,
  cosLat2: number,
): number {
  let dLon = lon2 - lon1;
  // Wrapping keeps the sine argument small across ±180°, which keeps its precision.
  if (dLon > 180) dLon -= 360;
  else if (dLon < -180) dLon += 360;
  const sinHalfLat = Math.sin((lat2 - lat1) * DEG_TO_RAD * 0.5);
  const sinHalfLon = Math.sin(dLon * DEG_TO_RAD * 0.5);
  return sinHalfLat * sinHalfLat + cosLat1 * cosLat2 * sinHalfLon * sinHalfLon;
}

export function cosOfLatitude(latDeg: number): number {
  return Math.cos(latDeg * DEG_TO_RAD);
}

/** Great-circle metres for a haversine term; monotonic non-decreasing in the term. */
export function metersFromHaversineTerm(a: number): number {
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(Math.min(a, 1)));
}

/** The haversine term of a distance: the inverse of `metersFromHaversineTerm` (for radii up to half the globe). */
export function haversineTermForMeters(meters: number): number {
  const halfAngle = Math.min(meters / (2 * EARTH_RADIUS_M), Math.PI / 2);
  const s = Math.sin(halfAngle);
  return s * s;
}

/** Great-circle distance in metres between two points given in degrees. */
export function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return metersFromHaversineTerm(
    haversineTermFromCos(lat1, lon1, cosOfLatitude(lat1), lat2, lon2, cosOfLatitude(lat2)),
  );
}
