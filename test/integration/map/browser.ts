import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { type Browser, chromium, type Page, type Route } from 'playwright-core';
import { type ServerProcess, startServerProcess } from '../../helpers/server-process.ts';
import { checkResponse } from '../../helpers/spec-check.ts';

// The map page in Debian's chromium (playwright-core downloads no browser): launching it, opening the page while
// recording what a person would never see (console errors, uncaught exceptions) and every API answer the page got,
// each checked against its spec afterwards.

export const chromiumPath = '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);
export const missingChromium =
  `${chromiumPath} is not installed: the map page's browser tests are skipped ` +
  '(apt-get install -y chromium; .ci/run installs it, and under CI=true its absence fails)';

export function launchChromium(): Promise<Browser> {
  // --no-sandbox: the tests run as root, where chromium's sandbox refuses to start.
  return chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'], timeout: 30_000 });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * The server as npm start runs it, on the integration demo city, at a port chosen beforehand: the default
 * EXPLORE_ORIGIN names the configured PORT, so the page's own origin may search only when PORT is not 0.
 */
export async function startPageServer(): Promise<ServerProcess> {
  // One browser plays many visitors' sessions in a minute from one address; the limits themselves are tested in
  // test/integration/http/map.test.ts, and this file fakes the 429s it shows.
  return startServerProcess({ env: { PORT: String(await freePort()), RATE_LIMIT_FACTOR: '10' } });
}

export interface MapPage {
  page: Page;
  /** Console errors and uncaught exceptions, in order. */
  problems: string[];
  /** Spec violations among the API answers the page received. */
  specProblems(): Promise<string[]>;
  /** Requests to any other origin than the server's (the page must make none). */
  foreign: string[];
}

const apiPrefixes = ['/v1/', '/explore/api/', '/map/api/'];

export async function openMapPage(
  browser: Browser,
  url: string,
  viewport = { width: 1280, height: 800 },
): Promise<MapPage> {
  const page = await browser.newPage({ viewport });
  const problems: string[] = [];
  const checks: Promise<string[]>[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // A load refused by the Content-Security-Policy or an HTTP failure is reported as a console error too.
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  const origin = new URL(url).origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(`${origin}/`) && !/^(data|blob):/.test(request.url())) foreign.push(request.url());
  });
  const checked = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!apiPrefixes.some((prefix) => pathname.startsWith(prefix))) return;
    checks.push(
      (async () => {
        const text = await response.text().catch(() => '');
        const body = text === '' ? null : JSON.parse(text);
        const headers = new Headers(await response.allHeaders());
        // A view shown again within a tile's max-age is drawn from the browser's cache, which reports the answer
        // without its headers: that answer was checked when it first came.
        if (checked.has(response.url()) && !headers.has('content-type')) return [];
        checked.add(response.url());
        const method = response.request().method();
        const status = response.status();
        const found = checkResponse({ method, url: response.url(), status, headers, body });
        return found.map((problem) => `${method} ${response.url()} ${status}: ${problem}`);
      })(),
    );
  });
  await page.goto(`${url}/`, { timeout: 30_000 });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  return { page, problems, foreign, specProblems: async () => (await Promise.all(checks)).flat() };
}

/** Resolves when a tile canvas (of one layer, when named) holds a drawn (non-transparent) pixel. */
export async function waitForDrawnTiles(page: Page, layer?: string): Promise<void> {
  await page.waitForFunction(
    (selector) =>
      [...document.querySelectorAll<HTMLCanvasElement>(selector)].some((canvas) => {
        if (!canvas.width || !canvas.height) return false;
        const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
        return pixels?.some((value, index) => index % 4 === 3 && value > 0) ?? false;
      }),
    `${layer ? `.layer-${layer} ` : ''}canvas.leaflet-tile`,
    { timeout: 20_000 },
  );
}

/** Shows the point at the centre of the map at `zoom`, at once. */
export async function centreMapAt(page: Page, lat: number, lon: number, zoom = 16): Promise<void> {
  await page.evaluate(([la, lo, z]) => (globalThis as any).machimi.app.map.setView([la, lo], z, { animate: false }), [
    lat,
    lon,
    zoom,
  ] as const);
}

/** Clicks the map where the point lies (panning it into view first). */
export async function clickMapAt(page: Page, lat: number, lon: number): Promise<void> {
  const point = await page.evaluate(
    ([la, lo]) => {
      const map = (globalThis as any).machimi.app.map;
      map.setView([la, lo], 16, { animate: false });
      const at = map.latLngToContainerPoint([la, lo]);
      const box = map.getContainer().getBoundingClientRect();
      return { x: box.left + at.x, y: box.top + at.y };
    },
    [lat, lon] as const,
  );
  await page.mouse.click(point.x, point.y);
}

const require = createRequire(import.meta.url);

/** Runs axe-core in the page and returns its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<{ id: string; nodes: string[] }[]> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not restrict.
  await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const results = await (globalThis as any).axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: { id: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        nodes: v.nodes.map((n) => n.target.join(' ')),
      }));
  });
}

/** Answers as the place-lookup API does when over a limit or unavailable (the documented error shape). */
export const refuse = (status: 429 | 503, retryAfterS: number) => (route: Route) =>
  route.fulfill({
    status,
    headers: { 'retry-after': String(retryAfterS), 'cache-control': 'no-store' },
    contentType: 'application/json',
    body: JSON.stringify({
      error: {
        code: status === 429 ? 'rate_limited' : 'unavailable',
        message: status === 429 ? 'rate limit exceeded' : 'temporarily unavailable',
        request_id: '00000000-0000-4000-8000-000000000000',
      },
    }),
  });
