// npm run bench -- map-first-view --url URL [--runs 3] [--width 1280] [--height 800] [--library leaflet|maplibre|both]:
// the map page's first view of
// the whole city in Debian's chromium (/usr/bin/chromium through playwright-core; no browser download), against a
// server already running at URL (e.g. `DATA_DIR=… PORT=… npm start`). Each run opens `/` in a fresh browser context
// (empty cache) and reports, from navigation start: DOMContentLoaded; the page ready (configuration read, map and
// forms set up: body[data-ready]); the first tile canvas holding a drawn pixel; every tile layer of the first view
// loaded (no Leaflet grid layer still loading); the last network response before the network went idle; the tile
// requests; and the bytes transferred (compressed bodies, and with headers): everything, the page's own files (the
// document and /map/assets/), the tiles. `--library maplibre` draws the same first view from the same tile answers
// with MapLibre GL JS instead (map-first-view-maplibre.ts); `both` alternates the two, --runs each, in one browser.
// Skipped without --url.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { maplibrePath, serveMaplibrePage } from './map-first-view-maplibre.ts';
import { printTable } from './shared/table.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '800' },
    library: { type: 'string', default: 'leaflet' },
  },
});
if (!values.url) {
  // Skipped, not failed, so `npm run bench` with no part runs the others.
  console.log('map-first-view: skipped; it needs a running server: npm run bench -- map-first-view --url URL');
  process.exit(0);
}
const libraries = values.library === 'both' ? ['leaflet', 'maplibre'] : [values.library];
if (!libraries.every((library) => library === 'leaflet' || library === 'maplibre')) {
  console.error(`map-first-view: --library is leaflet, maplibre or both, not ${values.library}`);
  process.exit(1);
}
const chromiumPath = '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.error(`map-first-view: ${chromiumPath} is not installed (apt-get install -y chromium)`);
  process.exit(1);
}
const { chromium } = await import('playwright-core');
const base = values.url.replace(/\/+$/, '');
const viewport = { width: Number(values.width), height: Number(values.height) };

interface Entry {
  name: string;
  transferSize: number;
  encodedBodySize: number;
  responseEnd: number;
}

interface FirstView {
  ready: number | null;
  firstTile: number | null;
  allTiles: number | null;
}
type Marks = typeof globalThis & { firstView?: FirstView };
const ms = (at: number | null | undefined) => (at === null || at === undefined ? '-' : at.toFixed(0));

/**
 * Runs in the page before its own scripts: notes on the page's clock (ms since navigation start) when body[data-ready]
 * is set, when a tile Leaflet marks loaded first holds a drawn pixel (the browser tests' check, on that tile only),
 * and when no grid layer of the map is loading any more. Driven by DOM mutations, so the measuring polls nothing.
 */
function markFirstView(): void {
  performance.setResourceTimingBufferSize(10_000);
  const marks: FirstView = { ready: null, firstTile: null, allTiles: null };
  (globalThis as Marks).firstView = marks;
  type Grid = { isLoading?: () => boolean };
  type LeafletMap = { eachLayer(visit: (layer: Grid) => void): void };
  const drawn = (canvas: HTMLCanvasElement) => {
    if (!canvas.width || !canvas.height) return false;
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    return pixels?.some((value, index) => index % 4 === 3 && value > 0) ?? false;
  };
  new MutationObserver((records) => {
    const now = performance.now();
    if (marks.ready === null && document.body?.dataset.ready === 'true') marks.ready = now;
    for (const { target } of records) {
      if (marks.firstTile !== null) break;
      if (target instanceof HTMLCanvasElement && target.classList.contains('leaflet-tile-loaded') && drawn(target)) {
        marks.firstTile = now;
      }
    }
    const map = (globalThis as { machimi?: { app?: { map?: LeafletMap | null } } }).machimi?.app?.map;
    if (marks.allTiles !== null || !map) return;
    const grids: Grid[] = [];
    map.eachLayer((layer) => {
      if (typeof layer.isLoading === 'function') grids.push(layer);
    });
    if (grids.length > 0 && grids.every((layer) => !layer.isLoading?.())) marks.allTiles = now;
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class', 'data-ready'] });
}

// --no-sandbox: chromium's sandbox refuses to start as root. SwiftShader: WebGL in software, as on a machine
// without a GPU (MapLibre needs WebGL; Leaflet's canvas tiles do not).
const args = ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
const browser = await chromium.launch({ executablePath: chromiumPath, args, timeout: 30_000 });
const rows: string[][] = [];
const apiPrefixes = ['/map/api/', '/v1/', '/explore/api/'];
try {
  for (let run = 1; run <= Number(values.runs); run++)
    for (const library of libraries) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      let maplibreBytes: (() => number) | undefined;
      if (library === 'maplibre') maplibreBytes = await serveMaplibrePage(context);
      else await page.addInitScript(markFirstView);
      page.on('pageerror', (error) => console.error(`${library} run ${run}: ${error.message}`));
      const statuses = new Map<number, number>();
      page.on('response', (response) => {
        if (!new URL(response.url()).pathname.startsWith('/map/api/tiles/')) return;
        statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1);
      });
      await page.goto(`${base}${library === 'maplibre' ? maplibrePath : '/'}`, { timeout: 30_000 });
      // A run that does not finish within a minute is reported with what it reached ('-' for the rest), not fatal.
      const finished = await page
        .waitForFunction(() => ((globalThis as Marks).firstView?.allTiles ?? null) !== null, null, { timeout: 60_000 })
        .then(() => page.waitForLoadState('networkidle', { timeout: 60_000 }))
        .then(
          () => true,
          (error: Error) => console.error(`${library} run ${run}: ${error.message.split('\n')[0]}`),
        );
      if (finished !== true) console.error(`${library} run ${run}: reported as far as it got`);
      const timing = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        const pick = ({ name, transferSize, encodedBodySize, responseEnd }: Entry) => ({
          name,
          transferSize,
          encodedBodySize,
          responseEnd,
        });
        return {
          ...((globalThis as Marks).firstView as FirstView),
          domContentLoaded: navigation?.domContentLoadedEventEnd ?? Number.NaN,
          entries: [
            ...(navigation ? [pick(navigation)] : []),
            ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(pick),
          ],
        };
      });
      const under = (prefix: string) =>
        timing.entries.filter((entry) => new URL(entry.name).pathname.startsWith(prefix));
      const tiles = under('/map/api/tiles/');
      // The page's own files: the document and what it loads beside the API (/map/assets/, or the MapLibre files).
      const own = timing.entries.filter(
        ({ name }) => !apiPrefixes.some((prefix) => new URL(name).pathname.startsWith(prefix)),
      );
      const sum = (entries: Entry[], key: 'transferSize' | 'encodedBodySize') =>
        entries.reduce((total, entry) => total + entry[key], 0);
      // The MapLibre page's files are answered by the bench, uncompressed: their gzipped size stands for both.
      const ownBytes = (key: 'transferSize' | 'encodedBodySize') => maplibreBytes?.() ?? sum(own, key);
      const allBytes = (key: 'transferSize' | 'encodedBodySize') =>
        sum(timing.entries, key) - sum(own, key) + ownBytes(key);
      const lastResponse = Math.max(...timing.entries.map((entry) => entry.responseEnd));
      const kb = (bytes: number) => (bytes / 1024).toFixed(0);
      rows.push([
        library,
        String(run),
        timing.domContentLoaded.toFixed(0),
        ms(timing.ready),
        ms(timing.firstTile),
        ms(timing.allTiles),
        lastResponse.toFixed(0),
        `${tiles.length} (${[...statuses].map(([status, n]) => `${n}× ${status}`).join(', ')})`,
        `${kb(allBytes('encodedBodySize'))} / ${kb(allBytes('transferSize'))}`,
        `${kb(ownBytes('encodedBodySize'))} / ${kb(ownBytes('transferSize'))}`,
        `${kb(sum(tiles, 'encodedBodySize'))} / ${kb(sum(tiles, 'transferSize'))}`,
      ]);
      await context.close();
    }
} finally {
  await browser.close();
}
console.log(`map page first view at ${base}/, ${viewport.width}×${viewport.height}, a fresh context each run`);
printTable(
  [
    'library',
    'run',
    'DOMContentLoaded ms',
    'ready ms',
    'first tile (Leaflet) / layer (MapLibre) drawn ms',
    'all tiles drawn ms',
    'last response ms',
    'tile requests',
    'all KB (bodies / transferred)',
    'page files KB (idem)',
    'tiles KB (idem)',
  ],
  rows,
);
