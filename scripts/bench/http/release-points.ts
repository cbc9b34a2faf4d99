// Where the HTTP benchmark asks: seeded points of the served demo city, the same mix as the geo bench's queries (80 %
// within ~100 m of a recorded scene, 20 % anywhere in the city's bounding box), read from the release's scenes file.
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { readManifest } from '../../../core/release/read.ts';
import { makeRandom } from '../shared/random.ts';

const M_PER_DEG_LAT = 111_195.08;

/** Positions of the non-quarantined scenes (rows are parsed, not validated: ingest already did that). */
export async function readScenePositions(releaseDir: string): Promise<{ lats: Float64Array; lons: Float64Array }> {
  const manifest = await readManifest(releaseDir);
  const file = join(releaseDir, manifest.files.scenes);
  const raw = createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  const lats = new Float64Array(manifest.row_counts.scenes);
  const lons = new Float64Array(manifest.row_counts.scenes);
  let count = 0;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    const scene = JSON.parse(line) as { lat: number; lon: number; quarantined: boolean };
    if (scene.quarantined) continue;
    lats[count] = scene.lat;
    lons[count] = scene.lon;
    count++;
  }
  return { lats: lats.subarray(0, count), lons: lons.subarray(0, count) };
}

export function makeQueryPoints(
  positions: { lats: Float64Array; lons: Float64Array },
  count: number,
  seed: number,
): [number, number][] {
  const random = makeRandom(seed);
  const n = positions.lats.length;
  let [minLat, maxLat, minLon, maxLon] = [90, -90, 180, -180];
  for (let i = 0; i < n; i++) {
    const lat = positions.lats[i] as number;
    const lon = positions.lons[i] as number;
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
  }
  const points: [number, number][] = [];
  for (let q = 0; q < count; q++) {
    if (random.next() < 0.8) {
      const i = Math.floor(random.next() * n);
      const lat = positions.lats[i] as number;
      const mPerDegLon = M_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180);
      points.push([
        lat + (random.gaussian() * 100) / M_PER_DEG_LAT,
        (positions.lons[i] as number) + (random.gaussian() * 100) / mPerDegLon,
      ]);
    } else {
      points.push([minLat + random.next() * (maxLat - minLat), minLon + random.next() * (maxLon - minLon)]);
    }
  }
  return points;
}
