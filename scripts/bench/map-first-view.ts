// npm run bench -- map-first-view --url URL [--runs 3] [--width 1280] [--height 800]: the map page's first view of
// the whole city in Debian's chromium (/usr/bin/chromium through playwright-core; no browser download), against a
// server already running at URL (e.g. `DATA_DIR=… PORT=… npm start`). Each run opens `/` in a fresh browser context
// (empty cache) and reports, from navigation start: DOMContentLoaded; the page ready (configuration read, map and
// forms set up: body[data-ready]); the first tile canvas holding a drawn pixel; every tile layer of the first view
// loaded (no Leaflet grid layer still loading); the last network response before the network went idle; the tile
// requests; and the bytes transferred (compressed bodies, and with headers): everything, the page's own files (the
// document and /map/assets/), the tiles. Skipped without --url.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { printTable } from './shared/table.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '800' },
  },
});
if (!values.url) {
  // Skipped, not failed, so `npm run bench` with no part runs the others.
  console.log('map-first-view: skipped; it needs a running server: npm run bench -- map-first-view --url URL');
  process.exit(0);
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
const ms = (at: number | null) => (at === null ? '-' : at.toFixed(0));

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

// --no-sandbox: chromium's sandbox refuses to start as root.
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'], timeout: 30_000 });
const rows: string[][] = [];
try {
  for (let run = 1; run <= Number(values.runs); run++) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.addInitScript(markFirstView);
    const statuses = new Map<number, number>();
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.startsWith('/map/api/tiles/')) return;
      statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1);
    });
    await page.goto(`${base}/`, { timeout: 30_000 });
    await page.waitForFunction(() => (globalThis as Marks).firstView?.allTiles !== null, null, { timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
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
    const under = (prefix: string) => timing.entries.filter((entry) => new URL(entry.name).pathname.startsWith(prefix));
    const tiles = under('/map/api/tiles/');
    // The page's own files: the document and what it loads from /map/assets/.
    const own = timing.entries.filter(({ name }) => ['/', '/index.html'].includes(new URL(name).pathname));
    own.push(...under('/map/assets/'));
    const sum = (entries: Entry[], key: 'transferSize' | 'encodedBodySize') =>
      entries.reduce((total, entry) => total + entry[key], 0);
    const lastResponse = Math.max(...timing.entries.map((entry) => entry.responseEnd));
    const kb = (bytes: number) => (bytes / 1024).toFixed(0);
    rows.push([
      String(run),
      timing.domContentLoaded.toFixed(0),
      ms(timing.ready),
      ms(timing.firstTile),
      ms(timing.allTiles),
      lastResponse.toFixed(0),
      `${tiles.length} (${[...statuses].map(([status, n]) => `${n}× ${status}`).join(', ')})`,
      `${kb(sum(timing.entries, 'encodedBodySize'))} / ${kb(sum(timing.entries, 'transferSize'))}`,
      `${kb(sum(own, 'encodedBodySize'))} / ${kb(sum(own, 'transferSize'))}`,
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
    'run',
    'DOMContentLoaded ms',
    'ready ms',
    'first tile drawn ms',
    'all tiles drawn ms',
    'last response ms',
    'tile requests',
    'all KB (bodies / transferred)',
    'page files KB (idem)',
    'tiles KB (idem)',
  ],
  rows,
);
