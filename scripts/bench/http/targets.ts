// What the HTTP bench loads: our three endpoints at the query points, and the table's row names, the references'
// included. A baseline checkout's rows carry a prefix; the bare server measured again beside it, a suffix.

import type { RunningServer } from '../shared/processes.ts';
import type { HttpTarget } from './load.ts';

const format6 = (value: number) => value.toFixed(6);

export const ENDPOINTS = {
  nearby: (lat: number, lon: number) =>
    `/v1/scenes/nearby?lat=${format6(lat)}&lon=${format6(lon)}&radius_m=500&limit=50`,
  coverage: (lat: number, lon: number) => `/v1/coverage?lat=${format6(lat)}&lon=${format6(lon)}&radius_m=500`,
  amenities: (lat: number, lon: number) =>
    `/v1/amenities/nearby?lat=${format6(lat)}&lon=${format6(lon)}&radius_m=1000&limit=10`,
};

export const ROW = {
  nearby: 'machimi /v1/scenes/nearby r=500 top-50',
  coverage: 'machimi /v1/coverage r=500',
  amenities: 'machimi /v1/amenities/nearby r=1000 top-10',
  bare: '(a) bare node:http, fixed body',
  bareStringify: "(a') bare node:http, JSON.stringify per request",
  postgis: '(b) node:http + pg + PostGIS, nearby',
  nearbyGzip: 'machimi /v1/scenes/nearby r=500 top-50, gzip',
  nearbyBrotli: 'machimi /v1/scenes/nearby r=500 top-50, br',
  nearbyNotModified: 'machimi /v1/scenes/nearby r=500 top-50, If-None-Match → 304',
};

export const BASELINE_PREFIX = 'baseline ';
export const BASELINE_PHASE = ' (baseline phase)';

export const inBaselinePhase = (target: HttpTarget): HttpTarget => ({
  ...target,
  name: `${target.name}${BASELINE_PHASE}`,
});

/** Our three endpoints on `server`, nearby first; each asks the query points in turn. */
export function machimiTargets(server: RunningServer, points: readonly [number, number][], prefix = ''): HttpTarget[] {
  return (['nearby', 'coverage', 'amenities'] as const).map((key) => ({
    name: `${prefix}${ROW[key]}`,
    baseUrl: server.baseUrl,
    pid: server.pid,
    paths: points.map(([lat, lon]) => ENDPOINTS[key](lat, lon)),
  }));
}

/**
 * Nearby again, asking for gzip, for brotli, and with each point's current ETag (`etags`, path → tag; the paths are
 * those with a tag): what compression costs in requests/s and saves in bytes, and what a revalidation costs.
 */
export function deliveryTargets(
  server: RunningServer,
  points: readonly [number, number][],
  etags: ReadonlyMap<string, string>,
  prefix = '',
): HttpTarget[] {
  const paths = points.map(([lat, lon]) => ENDPOINTS.nearby(lat, lon));
  const base = { baseUrl: server.baseUrl, pid: server.pid, paths };
  return [
    { ...base, name: `${prefix}${ROW.nearbyGzip}`, headers: { 'accept-encoding': 'gzip' } },
    { ...base, name: `${prefix}${ROW.nearbyBrotli}`, headers: { 'accept-encoding': 'br' } },
    { ...base, name: `${prefix}${ROW.nearbyNotModified}`, paths: [...etags.keys()], etags },
  ];
}

/** The ETag of each path's current answer (the paths a server answers without one are left out). */
export async function currentEtags(server: RunningServer, paths: readonly string[]): Promise<Map<string, string>> {
  const etags = new Map<string, string>();
  for (const path of paths) {
    const response = await fetch(`${server.baseUrl}${path}`, { method: 'HEAD' });
    const etag = response.headers.get('etag');
    if (etag) etags.set(path, etag);
  }
  return etags;
}
