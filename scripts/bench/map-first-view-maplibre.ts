// The MapLibre GL JS side of `map-first-view --library maplibre|both`: a minimal page drawing the first view of the
// map page from the same answers, so the two libraries are compared on the same data, browser and machine. The
// page is not part of the service: the bench answers it in the browser (Playwright routes under /bench-maplibre/ of
// the server's own origin, so the tile requests are same-origin as the map page's), with maplibre-gl's files read
// from node_modules (their bytes counted gzipped, as the server sends its assets). The page reads GET /map/api/config, fits the city's
// extent as the map page does, fetches for each layer the map page shows at the start the /map/api/tiles GeoJSON
// tiles of the zoom Leaflet draws that view with (MapLibre's zoom + 1: its tiles are 512 px, Leaflet's 256), merges
// each layer's tiles into one FeatureCollection and hands it to a GeoJSON source (MapLibre cuts it into its own
// tiles in its worker and draws them with WebGL).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';

export const maplibrePath = '/bench-maplibre/';

const dist = dirname(createRequire(import.meta.url).resolve('maplibre-gl/dist/maplibre-gl.mjs'));
const types: Record<string, string> = { mjs: 'text/javascript', css: 'text/css', html: 'text/html' };

/**
 * Runs in the page: marks on the page's clock `ready` (style loaded and configuration read), `firstTile` (the first
 * `idle` once a layer's data is set: that layer drawn) and `allTiles` (the first `idle` with every layer set).
 */
const pageScript = `
import * as maplibregl from './maplibre-gl.mjs';
const marks = globalThis.firstView;
const shownAtStart = ['areas', 'streets', 'scenes'];
const grades = ['match', ['get', 'coverage_grade'], 'A', '#1d4f91', 'B', '#2f6db5', 'C', '#6d8fbf', '#9aa7b8'];
const paint = {
  areas: { type: 'fill', paint: { 'fill-color': 'rgba(240, 232, 214, 0.9)', 'fill-outline-color': '#8a7f6a' } },
  streets: { type: 'line', paint: { 'line-color': grades, 'line-width': 2.5 } },
  scenes: { type: 'circle', paint: { 'circle-color': 'rgba(214, 90, 0, 0.55)',
    'circle-radius': ['min', 14, ['+', 2.5, ['sqrt', ['coalesce', ['get', 'count'], 1]]]] } },
};
const getJson = (path) => fetch(path).then((answer) => {
  if (!answer.ok) throw new Error(path + ': ' + answer.status);
  return answer.json();
});
const tileRange = (bounds, z) => {
  const n = 2 ** z;
  const x = (lon) => Math.floor(((lon + 180) / 360) * n);
  const y = (lat) => {
    const r = (lat * Math.PI) / 180;
    return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  };
  const tiles = [];
  for (let tx = x(bounds.getWest()); tx <= x(bounds.getEast()); tx++)
    for (let ty = y(bounds.getNorth()); ty <= y(bounds.getSouth()); ty++) tiles.push([tx, ty]);
  return tiles;
};
const [config, map] = await Promise.all([
  getJson('/map/api/config'),
  new Promise((resolve) => {
    const made = new maplibregl.Map({ container: 'map', attributionControl: false, fadeDuration: 0,
      style: { version: 8, sources: {}, layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#dfe8ee' } }] },
      bounds: [[134.9, 34.56], [135.1, 34.67]] });
    made.once('load', () => resolve(made));
  }),
]);
const [south, west, north, east] = config.extent ?? [34.56, 134.9, 34.67, 135.1];
map.jumpTo(map.cameraForBounds([[west, south], [east, north]]));
marks.ready = performance.now();
const tileZoom = Math.floor(map.getZoom() + 1);
let set = 0;
map.on('idle', () => {
  const now = performance.now();
  if (set > 0 && marks.firstTile === null) marks.firstTile = now;
  if (set === marks.layers && marks.allTiles === null) marks.allTiles = now;
});
const layers = shownAtStart.map((id) => config.layers.find((layer) => layer.id === id)).filter((layer) => layer && tileZoom >= layer.min_zoom);
marks.layers = layers.length;
await Promise.all(layers.map(async (layer) => {
  const z = Math.min(tileZoom, layer.max_zoom);
  const tiles = await Promise.all(tileRange(map.getBounds(), z).map(([x, y]) => getJson('/map/api/tiles/' + layer.id + '/' + z + '/' + x + '/' + y)));
  map.addSource(layer.id, { type: 'geojson', data: { type: 'FeatureCollection', features: tiles.flatMap((tile) => tile.features) } });
  map.addLayer({ id: layer.id, source: layer.id, ...paint[layer.id] });
  set += 1;
}));
`;

const page = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="maplibre-gl.css">
<style>html, body, #map { margin: 0; width: 100%; height: 100%; }</style>
<script>globalThis.firstView = { ready: null, firstTile: null, allTiles: null, layers: null };</script>
<script type="module" src="page.mjs"></script></head><body><div id="map"></div></body></html>`;

function body(name: string): Buffer {
  if (name === '') return Buffer.from(page);
  if (name === 'page.mjs') return Buffer.from(pageScript);
  return readFileSync(join(dist, name));
}

/**
 * Answers the MapLibre page and its files under `maplibrePath` in every page of `context`. A routed answer reaches
 * the page as sent, uncompressed (Playwright does not decode a gzip body), so the bytes a server would send are
 * counted here: the returned function gives the gzipped size of what the page was answered.
 */
export async function serveMaplibrePage(context: BrowserContext): Promise<() => number> {
  let gzipped = 0;
  await context.route(
    (url) => url.pathname.startsWith(maplibrePath),
    (route) => {
      const name = new URL(route.request().url()).pathname.slice(maplibrePath.length);
      if (name.includes('/') || name.includes('..')) return route.fulfill({ status: 404 });
      let bytes: Buffer;
      try {
        bytes = body(name);
      } catch {
        return route.fulfill({ status: 404 });
      }
      gzipped += gzipSync(bytes).length;
      const type = types[name.split('.').pop() ?? 'html'] ?? 'text/html';
      return route.fulfill({ status: 200, headers: { 'content-type': `${type}; charset=utf-8` }, body: bytes });
    },
  );
  return () => gzipped;
}
