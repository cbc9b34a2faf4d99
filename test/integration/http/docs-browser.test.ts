import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

// /docs in a real browser: both documents render, and the browser asks nothing of another host. Needs Debian's
// chromium (playwright-core downloads no browser); skipped where it is not installed.

const chromiumPath = '/usr/bin/chromium';
const hasChromium = existsSync(chromiumPath);

describe.skipIf(!hasChromium)('/docs in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'], timeout: 30_000 });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each([
    ['', '/v1/openapi.json'],
    ['?api=scenery-search', '/explore/api/openapi.json'],
  ])(
    'renders /docs%s from %s, loading only from the server',
    async (query, documentPath) => {
      const page = await browser.newPage();
      const requested: string[] = [];
      const problems: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      page.on('pageerror', (error) => problems.push(error.message));
      // A load the Content-Security-Policy refused is reported as a console error.
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      await page.goto(`${server.url}/docs${query}`, { timeout: 30_000 });
      // Redoc has rendered the document when its operations are listed in the side menu.
      await page.waitForSelector('[role=menuitem]', { timeout: 30_000 });
      expect(requested).toContain(`${server.url}${documentPath}`);
      const origin = new URL(server.url).origin;
      // Redoc's search index runs in a worker made from a blob: URL of the page's own origin.
      const elsewhere = requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith(`blob:${origin}/`));
      expect(elsewhere).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    },
    90_000,
  );
});
