import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../helpers/server-process.ts';
import {
  clickMapAt,
  hasChromium,
  launchChromium,
  missingChromium,
  openMapPage,
  seriousViolations,
  startPageServer,
} from './browser.ts';

// The map page for everyone: axe-core finds no serious or critical accessibility violation (start, place panel,
// search results), the keyboard alone opens and closes the panel, and when the API answers 429 or 503 the page says
// so, with the wait the server asked for, instead of "not recorded".

const downtown = { lat: 34.6126, lon: 135.0119 };

/** Answers as the place-lookup API does when over a limit or unavailable (the documented error shape). */
const refuse = (status: 429 | 503, retryAfterS: number) => (route: Route) =>
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

describe.skipIf(!hasChromium)('the map page for everyone, in chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startPageServer(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('has no serious or critical axe violation, and the keyboard opens and closes the panel', async () => {
    const { page, problems } = await openMapPage(browser, server.url);
    expect(await seriousViolations(page)).toEqual([]);
    await page.focus('#map');
    await page.keyboard.press('Enter');
    await page.waitForSelector('ul.scenes li, .not-recorded', { timeout: 15_000 });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('panel-heading');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await page.isHidden('#panel')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('map');
    await page.fill('#search-query', '川沿いの桜並木');
    await page.press('#search-query', 'Enter');
    await page.waitForSelector('ol.hits > li, .search-results .not-recorded', { timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says the service is busy (429) or unavailable (503) and how long to wait, never "not recorded"', async () => {
    const { page } = await openMapPage(browser, server.url);
    await page.route('**/v1/scenes/nearby?*', refuse(429, 30));
    await page.route('**/v1/areas/at?*', refuse(503, 7));
    await page.route('**/explore/api/search', refuse(503, 12));
    await clickMapAt(page, downtown.lat, downtown.lon);
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
});

describe.runIf(!hasChromium)('the map page for everyone, without chromium', () => {
  if (process.env.CI === 'true')
    it('needs chromium under CI=true', () => {
      throw new Error(missingChromium);
    });
  else it.skip(missingChromium, () => {});
});
