// npm run bench -- map --data-dir DIR [--requests 300] [--seed 1]: the map tiles in process, through the assembled
// app (routing, validation, rate limit, handler, JSON, gzip as a browser asks), on the release served from DIR (a
// PGlite data folder with its snapshots; it is written to, so pass a copy). Tiles are taken around the positions of
// random served scenes, at the zooms a person looks at the city with, for every layer from its minimum zoom on.
// Prints the one-off builds (scene ordering, record layers) and per layer and zoom p50 / p99 / max and mean bytes.
import { parseArgs } from 'node:util';
import { parseConfig } from '../../core/config.ts';
import { openServedRelease } from '../../core/data/bootstrap.ts';
import { assembleApp } from '../../core/http/assemble.ts';
import { createLogger } from '../../core/log.ts';
import { recordLayersOf } from '../../core/map/record-layers.ts';
import { sceneKeysOf } from '../../core/map/scene-keys.ts';
import { layerIds, mapSettings } from '../../core/map/settings.ts';
import { loadHandlers } from '../../handlers/load.ts';
import { makeRandom } from './shared/random.ts';
import { printTable } from './shared/table.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: process.env.BENCH_MAP_DATA_DIR },
    requests: { type: 'string', default: '300' },
    seed: { type: 'string', default: '1' },
  },
});
const dataDir = values['data-dir'];
if (!dataDir) {
  console.log('map bench: skipped, no --data-dir DIR given (a copy of a PGlite data folder holding a release)');
  process.exit(0);
}
const requests = Number(values.requests);
const random = makeRandom(Number(values.seed));
const zooms = [10, 12, 14, 15, 16, 18];

const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '1000000' });
const log = createLogger(config);
const opened = performance.now();
const { store, release } = await openServedRelease(config, log);
console.log(
  `release ${release.record.release_id}: ${release.scenes.rowOf.length} served scenes, opened in ${ms(opened)} ms`,
);
const handlers = {
  placeLookup: await loadHandlers('place-lookup'),
  scenerySearch: await loadHandlers('scenery-search'),
  service: await loadHandlers('service'),
  map: await loadHandlers('map'),
};
const { app } = await assembleApp({ config, log, handlers, release });

let started = performance.now();
sceneKeysOf(release.scenes);
console.log(`scene ordering (Morton keys, per year): ${ms(started)} ms, once per release`);
started = performance.now();
await recordLayersOf(release);
console.log(`record layers (R-trees, schools read): ${ms(started)} ms, once per release\n`);

function tileAt(lat: number, lon: number, z: number): [number, number] {
  const n = 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n);
  return [Math.floor(((lon + 180) / 360) * n), y];
}

const { light, rowOf } = release.scenes;
const rows: string[][] = [];
for (const layer of layerIds) {
  for (const z of zooms.filter((zoom) => zoom >= mapSettings.minZoom[layer])) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < requests; i++) {
      const row = rowOf[Math.floor(random.next() * rowOf.length)] as number;
      const [x, y] = tileAt(light.lats[row] as number, light.lons[row] as number, z);
      const at = performance.now();
      const response = await app.request(`/map/api/tiles/${layer}/${z}/${x}/${y}`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      const body = await response.arrayBuffer();
      times.push(performance.now() - at);
      if (response.status !== 200) throw new Error(`${layer} ${z}/${x}/${y}: ${response.status}`);
      bytes += body.byteLength;
    }
    times.sort((a, b) => a - b);
    const pick = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] as number).toFixed(2);
    rows.push([layer, String(z), pick(0.5), pick(0.99), pick(1), String(Math.round(bytes / requests))]);
  }
}
printTable(['layer', 'z', 'p50 ms', 'p99 ms', 'max ms', 'mean bytes (gzip)'], rows);
await store.close();

function ms(since: number): number {
  return Math.round(performance.now() - since);
}
