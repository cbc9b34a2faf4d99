/** Argument checks shared by the geo indexes; each message says what the caller should change. */

export function assertLatLon(lat: number, lon: number, what: string): void {
  if (!Number.isFinite(lat) || lat < -90 || lat > 90) {
    throw new RangeError(`${what} has latitude ${lat}: pass a finite latitude in degrees within [-90, 90]`);
  }
  if (!Number.isFinite(lon) || lon < -180 || lon > 180) {
    throw new RangeError(`${what} has longitude ${lon}: pass a finite longitude in degrees within [-180, 180]`);
  }
}

export function assertRadius(radiusM: number): void {
  if (!Number.isFinite(radiusM) || radiusM < 0) {
    throw new RangeError(`radiusM is ${radiusM}: pass a finite distance in metres, 0 or more`);
  }
}

export function assertLimit(limit: number, name = 'limit'): void {
  if (!Number.isInteger(limit) || limit < 0) {
    throw new RangeError(`${name} is ${limit}: pass a whole number, 0 or more`);
  }
}
