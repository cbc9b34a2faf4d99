import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, specFiles } from '../../../core/spec.ts';
import type { ServerProcess } from '../../helpers/server-process.ts';
import { checkedFetch } from '../../helpers/spec-check.ts';
import {
  centreMapAt,
  clickMapAt,
  hasChromium,
  launchChromium,
  type MapPage,
  missingChromium,
  openMapPage,
  refuse,
  seriousViolations,
  startPageServer,
  waitForDrawnTiles,
} from './browser.ts';

// The map page as a person uses it, in chromium, on the integration demo city, each part checked against what the
// API answers: it draws, a click tells what is recorded there (or says "not recorded" in the API's words), scenery
// search pins results and pages on, name searches fly, the layers switch and filter, the interface speaks English on
// request, axe-core finds no serious or critical violation, the keyboard alone works on a phone-sized screen, and a
// 429 or 503 is said as such (with the wait the server asked for), never as "not recorded". Screenshots go to
// .screenshots/ (named by the README; not committed: docs/screenshots/ holds the copies the docs show).

const screenshots = fileURLToPath(new URL('../../../.screenshots/', import.meta.url));
// Downtown 湊浜市: recorded scenes, a town block with a karte, streets with kartes.
const downtown = { lat: 34.6126, lon: 135.0119 };
// Out at sea, east of the city: nothing is recorded there.
const offshore = { lat: 34.7, lon: 135.2 };
// In 上朝日山手町一丁目, a town block of grade D: recorded, but too thinly for a karte.
const thinBlock = { lat: 34.66743, lon: 134.92901 };

type Answer = Record<string, any>;

/** The values of an enum of the map spec, where each is written once. */
const mapEnum = (name: string): string[] => (loadSpec(specFiles.map).document as Answer).components.schemas[name].enum;

/** The legend's entries, by layer: each entry's words, and whether its swatch holds a drawn pixel. */
type Legend = Record<string, { text: string; drawn: boolean }[] | undefined>;
const legendOf = (page: Page): Promise<Legend> =>
  page.evaluate(() => {
    const byLayer: Legend = {};
    for (const item of document.querySelectorAll<HTMLElement>('#legend li')) {
      const canvas = item.querySelector('canvas') as HTMLCanvasElement;
      const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
      const drawn = [...pixels].some((value, index) => index % 4 === 3 && value > 0);
      const layer = item.dataset.layer as string;
      byLayer[layer] = [...(byLayer[layer] ?? []), { text: item.textContent ?? '', drawn }];
    }
    return byLayer;
  });

/** The JSON of the next answer whose path starts with `path` (set up before the action that asks for it). */
const answerTo = (page: Page, path: string): Promise<Answer> =>
  page
    .waitForResponse((response) => new URL(response.url()).pathname.startsWith(path), { timeout: 15_000 })
    .then((response) => response.json());

describe.skipIf(!hasChromium)('the map page in chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let map: MapPage;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startPageServer(), launchChromium()]);
    map = await openMapPage(browser, server.url);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the release, its date and the licence terms word for word, and draws the city', async () => {
    const meta = await (await checkedFetch(`${server.url}/v1/meta`)).json();
    const { page } = map;
    expect(await page.textContent('#release-id')).toBe(meta.release.release_id);
    expect(await page.textContent('#data-as-of')).toBe(meta.data_as_of);
    expect(await page.textContent('#attribution')).toBe(meta.license.attribution);
    expect(await page.locator('#ui-requirements li').allTextContents()).toEqual(meta.license.ui_requirements);
    for (const id of ['#release-id', '#data-as-of', '#attribution', '#ui-requirements']) {
      expect(await page.isVisible(id), id).toBe(true);
    }
    await waitForDrawnTiles(page);
    // The layers shown at the start: town blocks, streets, where photographs were taken.
    for (const layer of ['areas', 'streets', 'scenes']) await waitForDrawnTiles(page, layer);
  });

  it('tells what is recorded where a person clicks: scenes, the town block karte, one scene in full', async () => {
    const { page } = map;
    const scenes = answerTo(page, '/v1/scenes/nearby');
    const coverage = answerTo(page, '/v1/coverage');
    const changes = answerTo(page, '/v1/changes/nearby');
    await clickMapAt(page, downtown.lat, downtown.lon);
    await page.waitForSelector('ul.scenes li', { timeout: 15_000 });
    await page.waitForSelector('.karte p:not(.loading)', { timeout: 15_000 }); // not the placeholder shown while it loads
    expect(await page.locator('ul.scenes li').count()).toBeGreaterThan(0);
    expect((await page.locator('.karte p:not(.loading)').first().textContent())?.length).toBeGreaterThan(10);
    // Each nearby scene with its summary.
    expect(await page.locator('ul.scenes li .summary').allTextContents()).toEqual(
      (await scenes).results.map((scene: Answer) => scene.summary ?? 'この品質方針での観察はありません。'),
    );
    // The streets and their kartes: grade, profile, evidence scenes.
    const street = page.locator('article.street').first();
    await street.locator('.karte p:not(.loading)').first().waitFor({ timeout: 15_000 });
    expect(await street.locator('dl.facts').textContent()).toMatch(/記録の等級[A-D]/);
    expect(await street.locator('details.profile li').count()).toBeGreaterThan(0);
    expect(await street.locator('.evidence button').count()).toBeGreaterThan(0);
    // Coverage by year, as the API counts it.
    await page.waitForSelector('table.coverage', { timeout: 15_000 });
    const byYear = (await coverage).scenes_by_year as Record<string, number>;
    expect(await page.locator('table.coverage tbody th').allTextContents()).toEqual(
      Object.keys(byYear).map((year) => (year === 'unknown' ? '撮影年不明' : year)),
    );
    expect(await page.locator('table.coverage tbody td').allTextContents()).toEqual(Object.values(byYear).map(String));
    // Changes: the API's default, those that survived refutation.
    await page.locator('#panel section.part').nth(4).locator('ul.changes, .not-recorded').waitFor({ timeout: 15_000 });
    const listed = await page.locator('ul.changes li').allTextContents();
    expect(listed.length).toBe((await changes).results.length);
    for (const text of listed) expect(text).toContain('反証に耐えた');
    await mkdir(screenshots, { recursive: true });
    await page.screenshot({ path: `${screenshots}map-desktop.png` });
    await page.locator('ul.scenes button').first().click();
    await page.waitForSelector('.scene .analysis', { timeout: 15_000 });
    expect(await page.locator('.scene a[href*="pKey="]').count()).toBe(1);
    const facts = await page.locator('.scene > dl.facts').textContent();
    expect(facts).toMatch(/観察の世代\S+ \(\S+\)/);
    expect(facts).toMatch(/位置の出所(撮影プラットフォームが補正した位置|記録された GPS の位置)/);
    expect(await page.locator('.scene .summary').textContent()).not.toBe('');
    // The licence: photographs only as links.
    expect(await page.locator('#panel img').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.waitForSelector('ul.scenes li');
  });

  it('says "not recorded" in the API own words where nothing is recorded', async () => {
    const { page } = map;
    const paths = ['/v1/scenes/nearby', '/v1/areas/at', '/v1/streets/nearby', '/v1/coverage', '/v1/changes/nearby'];
    const answers = paths.map((path) => answerTo(page, path));
    await clickMapAt(page, offshore.lat, offshore.lon);
    const parts = page.locator('#panel section.part');
    for (const [index, answer] of answers.entries()) {
      const { note } = await answer;
      expect(note, paths[index]).toMatch(/記録がないことは/);
      await parts.nth(index).locator('.not-recorded').waitFor({ timeout: 15_000 });
      expect(await parts.nth(index).locator('.not-recorded').textContent(), paths[index]).toBe(note);
    }
    await page.keyboard.press('Escape');
    // A town block without a karte is recorded: its numbers, and the API's word on the missing karte.
    const block = answerTo(page, '/v1/areas/at');
    await clickMapAt(page, thinBlock.lat, thinBlock.lon);
    const { area, note } = await block;
    expect(area.has_karte).toBe(false);
    await parts.nth(1).locator('.no-karte').waitFor({ timeout: 15_000 });
    expect(await parts.nth(1).locator('.no-karte').textContent()).toBe(note);
    expect(await parts.nth(1).locator('.not-recorded').count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('searches scenery: pins and quotes, the interpretation, a second page through the cursor', async () => {
    const { page } = map;
    const bodies: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/explore/api/search')) bodies.push(request.postDataJSON());
    });
    await page.fill('#search-query', '石畳の坂道');
    await page.press('#search-query', 'Enter');
    await page.waitForSelector('ol.hits > li', { timeout: 30_000 });
    const firstPage = await page.locator('ol.hits > li').count();
    expect(await page.locator('.pin').count()).toBe(firstPage);
    expect(await page.locator('ol.hits q').count()).toBeGreaterThan(0);
    expect(await page.textContent('.interpretation')).toContain('石畳');
    await page.click('#search-more');
    await page.waitForFunction((n) => document.querySelectorAll('ol.hits > li').length > n, firstPage, {
      timeout: 30_000,
    });
    expect(bodies[1]?.cursor).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.locator('.pin').count()).toBe(await page.locator('ol.hits > li').count());
    expect(await page.locator('ol.hits .score').count()).toBe(await page.locator('ol.hits > li').count());
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('searches with the form options (preset, ward, years, mode) and names the words it did not use', async () => {
    const { page } = map;
    const meta = await (await checkedFetch(`${server.url}/explore/api/meta`)).json();
    await page.click('#search-form summary');
    // The default year is the service's own.
    expect(await page.textContent('#search-year-default')).toContain(String(meta.search_features.defaults.year_from));
    const choose = async (id: string, index: number) => (await page.selectOption(id, { index }))[0] as string;
    const preset = await choose('#search-preset', 1);
    const ward = await choose('#search-ward', 1);
    const yearFrom = await choose('#search-year-from', 2);
    const yearTo = await choose('#search-year-to', (await page.locator('#search-year-to option').count()) - 1);
    await page.selectOption('#search-mode', 'text');
    await page.fill('#search-query', '美味しい石畳の坂道');
    const sent = page.waitForRequest((request) => request.url().endsWith('/explore/api/search'));
    await page.press('#search-query', 'Enter');
    expect((await sent).postDataJSON()).toEqual({
      query: '美味しい石畳の坂道',
      preset,
      ward,
      year_from: Number(yearFrom),
      year_to: Number(yearTo),
      mode: 'text',
      limit: 10,
    });
    await page.waitForSelector('.interpretation', { timeout: 30_000 });
    expect(await page.textContent('.interpretation')).toContain('「美味しい」(写真に写るものではない)');
    for (const id of ['#search-preset', '#search-ward', '#search-year-from', '#search-year-to']) {
      await page.selectOption(id, { index: 0 });
    }
    await page.selectOption('#search-mode', 'jev');
    await page.click('#search-form summary');
    await page.keyboard.press('Escape');
  });

  it('finds a street by name and flies there', async () => {
    const answer = await (
      await checkedFetch(`${server.url}/v1/streets/search?q=${encodeURIComponent('北野坂')}`)
    ).json();
    const bbox = answer.results[0].bbox as [number, number, number, number];
    await findAndFly(map.page, 'street', '北野坂', answer.results.length, bbox);
  });

  it('finds a town block and a school by name and flies there, and says when a name is not recorded', async () => {
    const { page } = map;
    for (const [kind, path, q] of [
      ['area', '/v1/areas/search', '北本町三丁目'],
      ['school', '/v1/schools/search', '北野小学校'],
    ] as const) {
      const answer = await (await checkedFetch(`${server.url}${path}?q=${encodeURIComponent(q)}`)).json();
      const found = answer.results[0];
      // A box to land in: a town block's own, a school's point with a margin of a few metres.
      const box = found.bbox ?? [found.lat - 1e-4, found.lon - 1e-4, found.lat + 1e-4, found.lon + 1e-4];
      await findAndFly(page, kind, q, answer.results.length, box);
    }
    // A name that matches nothing: the API's own words.
    const none = answerTo(page, '/v1/areas/search');
    await page.selectOption('#find-kind', 'area');
    await page.fill('#find-q', '存在しない町');
    await page.press('#find-q', 'Enter');
    const { results, note } = await none;
    expect(results).toEqual([]);
    await page.waitForSelector('#panel .not-recorded', { timeout: 15_000 });
    expect(await page.textContent('#panel .not-recorded')).toBe(note);
    await page.keyboard.press('Escape');
  });

  it('toggles changes, amenities and schools, with their legend, and filters by category, status, kind and year', async () => {
    const { page } = map;
    const config = await (await checkedFetch(`${server.url}/map/api/config`)).json();
    await centreMapAt(page, downtown.lat, downtown.lon, 15);
    await page.click('#layers summary');
    for (const layer of ['changes', 'amenities', 'schools']) {
      const asked = page.waitForRequest((request) => request.url().includes(`/map/api/tiles/${layer}/`));
      await page.check(`input[name="layer"][value="${layer}"]`);
      await asked;
    }
    // The legend names, in the page's words, every class of each layer that is on (and a swatch drawn for each).
    const words = (keys: string[]) =>
      page.evaluate((all) => all.map((key) => (globalThis as any).machimi.i18n.t(key)), keys);
    const legend = await legendOf(page);
    expect(Object.keys(legend)).toEqual(['areas', 'streets', 'scenes', 'changes', 'amenities', 'schools']);
    expect(legend.streets?.map(({ text }) => text)).toEqual(
      mapEnum('CoverageGrade').map((grade) => `通り（記録の等級 ${grade}）`),
    );
    expect(legend.changes?.map(({ text }) => text)).toEqual(
      await words(mapEnum('ChangeStatus').map((status) => `status_${status}`)),
    );
    expect(legend.amenities?.map(({ text }) => text)).toEqual(
      await words(mapEnum('AmenityKind').map((kind) => `kind_${kind}`)),
    );
    for (const entries of Object.values(legend)) for (const { drawn } of entries ?? []) expect(drawn).toBe(true);
    // The filters are set first and the year last: each change redraws every shown layer, once is enough here.
    const chosen: Record<string, string> = await page.evaluate(() => {
      const set = (id: string, index: number) => {
        const select = document.getElementById(id) as HTMLSelectElement;
        select.selectedIndex = index;
        return select.value;
      };
      return { category: set('change-category', 1), status: set('change-status', 2), kind: set('amenity-kind', 1) };
    });
    chosen.year = (await page.locator('#year-filter option').last().getAttribute('value')) as string;
    // Each shown layer asks again with exactly the filters it takes (GET /map/api/config), as chosen.
    const asked = ['scenes', 'changes', 'amenities', 'streets'].map((id) => {
      const { filters } = config.layers.find((layer: Answer) => layer.id === id);
      return page.waitForRequest((request) => {
        const url = new URL(request.url());
        if (!url.pathname.startsWith(`/map/api/tiles/${id}/`)) return false;
        const expected = Object.fromEntries(filters.map((name: string) => [name, chosen[name]]));
        return JSON.stringify(Object.fromEntries(url.searchParams)) === JSON.stringify(expected);
      });
    });
    await page.selectOption('#year-filter', chosen.year);
    await Promise.all(asked);
    await page.uncheck('input[name="layer"][value="changes"]');
    expect(await page.locator('.layer-changes').count()).toBe(0);
    expect(Object.keys(await legendOf(page))).toEqual(['areas', 'streets', 'scenes', 'amenities', 'schools']);
    for (const layer of ['amenities', 'schools']) await page.uncheck(`input[name="layer"][value="${layer}"]`);
    await page.evaluate(() => {
      for (const id of ['change-category', 'change-status', 'amenity-kind']) {
        (document.getElementById(id) as HTMLSelectElement).selectedIndex = 0;
      }
    });
    await page.selectOption('#year-filter', { index: 0 });
    await page.click('#layers summary');
  });

  it('speaks English on request, the licence lines included, and Japanese again', async () => {
    const meta = await (await checkedFetch(`${server.url}/v1/meta`)).json();
    const { page } = map;
    await page.click('#lang-switch');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getAttribute('#lang-switch', 'aria-pressed')).toBe('true');
    expect(await page.textContent('#attribution')).toBe(meta.license.attribution_en);
    expect(await page.locator('#ui-requirements li').allTextContents()).toEqual(meta.license.ui_requirements_en);
    expect(await page.textContent('#search-label')).not.toBe('景観を探す');
    expect(await page.textContent('#legend summary')).toBe('Legend');
    expect((await legendOf(page)).streets?.[0]?.text).toBe(`Street (coverage grade ${mapEnum('CoverageGrade')[0]})`);
    await page.click('#lang-switch');
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    expect(await page.textContent('#search-label')).toBe('景観を探す');
  });

  it('on a phone-sized screen, lets the keyboard alone open and close the panel; axe finds nothing serious', async () => {
    const { page } = map;
    await page.setViewportSize({ width: 390, height: 844 });
    await centreMapAt(page, downtown.lat, downtown.lon, 15);
    await page.focus('#map');
    // Arrows pan, + zooms in.
    const view = () =>
      page.evaluate(() => {
        const { map: leaflet } = (globalThis as any).machimi.app;
        return { lng: leaflet.getCenter().lng, zoom: leaflet.getZoom() };
      });
    const before = await view();
    await page.keyboard.press('ArrowRight');
    // The pan is animated and a zoom started before it ends would cut it short: wait for the centre to move.
    await page.waitForFunction((lng) => (globalThis as any).machimi.app.map.getCenter().lng > lng, before.lng, {
      timeout: 5_000,
    });
    await page.keyboard.press('+');
    await page.waitForFunction(() => (globalThis as any).machimi.app.map.getZoom() === 16, null, { timeout: 5_000 });
    expect((await view()).lng).toBeGreaterThan(before.lng);
    await centreMapAt(page, downtown.lat, downtown.lon);
    await page.keyboard.press('Enter');
    await page.waitForSelector('ul.scenes li, .not-recorded', { timeout: 15_000 });
    await page.screenshot({ path: `${screenshots}map-phone.png` });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('panel-heading');
    expect(await seriousViolations(page)).toEqual([]);
    // Readable: nothing wider than the screen, the terms still in view.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.isVisible('#attribution')).toBe(true);
    // Tab reaches a scene, Enter opens it, Escape goes back, then closes.
    await page.waitForSelector('ul.scenes button', { timeout: 15_000 });
    for (let tabs = 0; tabs < 5; tabs++) {
      if (await page.evaluate(() => document.activeElement?.matches('ul.scenes button'))) break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.waitForSelector('.scene .summary', { timeout: 15_000 });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('panel-heading');
    await page.keyboard.press('Escape');
    await page.waitForSelector('ul.scenes li');
    await page.keyboard.press('Escape');
    expect(await page.isHidden('#panel')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('map');
  });

  it('says the service is busy (429) or unavailable (503) and how long to wait, never "not recorded"', async () => {
    const { page } = await openMapPage(browser, server.url);
    await page.route('**/v1/scenes/nearby?*', refuse(429, 30));
    await page.route('**/v1/areas/at?*', refuse(503, 7));
    await page.route('**/explore/api/search', refuse(503, 12));
    await page.route('**/map/api/tiles/**', refuse(429, 20));
    await clickMapAt(page, downtown.lat, downtown.lon);
    // Tiles refused: the map says why it stays blank.
    await page.waitForSelector('#notice[data-kind="problem"]', { timeout: 15_000 });
    expect(await page.textContent('#notice')).toContain('429');
    expect(await page.textContent('#notice')).toContain('20 秒後');
    const scenes = page.locator('section.part').first();
    await scenes.locator('.problem').waitFor({ timeout: 15_000 });
    expect(await scenes.textContent()).toContain('429');
    expect(await scenes.textContent()).toContain('30 秒後');
    expect(await scenes.locator('.not-recorded').count()).toBe(0);
    const area = page.locator('section.part').nth(1);
    await area.locator('.problem').waitFor({ timeout: 15_000 });
    expect(await area.textContent()).toContain('503');
    expect(await area.textContent()).toContain('7 秒後');
    await page.fill('#search-query', '石畳の坂道');
    await page.press('#search-query', 'Enter');
    await page.locator('#panel .problem').waitFor({ timeout: 15_000 });
    expect(await page.textContent('#panel')).toContain('12 秒後');
    expect(await page.locator('ol.hits').count()).toBe(0);
    await page.close();
  });

  it('says why it cannot start while the configuration is refused, and starts when it is answered', async () => {
    const page = await browser.newPage();
    let refusals = 0;
    await page.route('**/map/api/config', (route) => {
      if (refusals++ > 0) return route.continue();
      return refuse(503, 1)(route);
    });
    await page.goto(`${server.url}/`);
    await page.waitForSelector('#notice[data-kind="problem"]', { timeout: 15_000 });
    expect(await page.textContent('#notice')).toContain('503');
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
    await page.close();
  });
  it('met no console error, asked no other host, and every API answer it got follows the spec', async () => {
    expect(map.problems).toEqual([]);
    expect(await map.specProblems()).toEqual([]);
    expect(map.foreign).toEqual([]);
  });
});

describe.runIf(!hasChromium)('the map page without chromium', () => {
  if (process.env.CI === 'true')
    it('needs chromium under CI=true', () => {
      throw new Error(missingChromium);
    });
  else it.skip(missingChromium, () => {});
});

/** Finds `q` as a `kind` with the page's name search (the first of several), then waits for the map to centre in `box`. */
async function findAndFly(
  page: Page,
  kind: string,
  q: string,
  found: number,
  box: readonly [number, number, number, number],
): Promise<void> {
  await page.selectOption('#find-kind', kind);
  await page.fill('#find-q', q);
  await page.press('#find-q', 'Enter');
  if (found > 1) await page.locator('.found-list button').first().click();
  await page.waitForFunction(
    ([s, w, n, e]) => {
      const centre = (globalThis as any).machimi.app.map.getCenter();
      return centre.lat >= s && centre.lat <= n && centre.lng >= w && centre.lng <= e;
    },
    box,
    { timeout: 10_000 },
  );
}
