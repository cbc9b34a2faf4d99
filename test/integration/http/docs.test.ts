import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, specFiles } from '../../../core/spec.ts';
import { rawRequest } from '../../helpers/raw-http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { checkedFetch } from '../../helpers/spec-check.ts';

// GET /docs (the Redoc page of both APIs) and the scripts it loads, through the real server; every answer is checked
// against spec/service.openapi.yaml.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const service = loadSpec(specFiles.service);
const cacheControlOf = (operationId: string) =>
  service.operations.find((operation) => operation.operationId === operationId)?.cacheControl;
// The paths the specs serve their documents at as JSON.
const documentUrls = [specFiles.placeLookup, specFiles.scenerySearch].map(
  (file) =>
    loadSpec(file).operations.find((op) => op.handledBy === 'contract' && op.path.endsWith('.json'))?.path as string,
);

async function page(): Promise<string> {
  const response = await checkedFetch(`${server.url}/docs`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  return response.text();
}

const scriptsOf = (html: string) =>
  [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((found) => found[1] as string);
// Every absolute URL in an attribute or CSS url(): what a browser would load or follow.
const absoluteUrlsOf = (html: string) => [...html.matchAll(/(?:src|href|url)\s*[=(]\s*["']?(\w+:\/\/[^"')\s>]+)/g)];

describe('GET /docs', () => {
  it('is an HTML page naming both documents and loading same-origin scripts only', async () => {
    const html = await page();
    expect(html).toMatch(/^<!doctype html>/i);
    for (const url of documentUrls) expect(html).toContain(`data-spec="${url}"`);
    const scripts = scriptsOf(html);
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const src of scripts) expect(src).toMatch(/^\/docs\/assets\/[A-Za-z0-9._-]+\.js$/);
    expect(absoluteUrlsOf(html)).toEqual([]);
  });

  it('forbids the browser any load from another host (Content-Security-Policy)', async () => {
    const policy = (await checkedFetch(`${server.url}/docs`)).headers.get('content-security-policy') as string;
    const directives = new Map(
      policy
        .split(';')
        .map((part) => part.trim().split(/\s+/) as [string, ...string[]])
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    for (const [name, sources] of directives) {
      for (const source of sources) expect(`${name} ${source}`).not.toMatch(/\w+:\/\/|\*/);
    }
  });

  it('is cacheable for a while, with a weak ETag answered 304, and HEAD works', async () => {
    const first = await rawRequest(`${server.url}/docs`);
    expect(first.headers.get('cache-control')).toBe(cacheControlOf('get_docs'));
    const etag = first.headers.get('etag') as string;
    const again = await rawRequest(`${server.url}/docs`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const head = await rawRequest(`${server.url}/docs`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.wire.length).toBe(0);
    expect(head.headers.get('content-length')).toBe(String(first.wire.length));
  });

  it('is linked from GET /v1', async () => {
    const index = await (await checkedFetch(`${server.url}/v1`)).json();
    expect(index.docs).toBe('/docs');
    expect((await checkedFetch(`${server.url}${index.docs}`)).status).toBe(200);
  });
});

describe('GET /docs/assets/{name}', () => {
  it('serves each script as JavaScript, immutable, compressed by Accept-Encoding', async () => {
    for (const src of scriptsOf(await page())) {
      const plain = await rawRequest(`${server.url}${src}`);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(plain.headers.get('cache-control')).toBe(cacheControlOf('get_docs_asset'));
      expect(plain.headers.get('content-encoding')).toBeNull();
      for (const encoding of ['br', 'gzip']) {
        const packed = await rawRequest(`${server.url}${src}`, { headers: { 'accept-encoding': encoding } });
        expect(packed.headers.get('content-encoding')).toBe(plain.wire.length >= 1024 ? encoding : null);
        expect(packed.text).toBe(plain.text);
        expect(packed.headers.get('etag')).toBe(plain.headers.get('etag'));
        if (plain.wire.length >= 1024) expect(packed.wire.length).toBeLessThan(plain.wire.length / 2);
      }
      const br = await rawRequest(`${server.url}${src}`, { headers: { 'accept-encoding': 'br' } });
      const head = await rawRequest(`${server.url}${src}`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
      expect(head.wire.length).toBe(0);
      expect(head.headers.get('content-length')).toBe(String(br.wire.length));
    }
  });

  it('includes the Redoc bundle, which loads nothing from another host', async () => {
    const redoc = scriptsOf(await page()).find((src) => /\/redoc-[0-9.]+-[0-9a-f]+\.js$/.test(src));
    expect(redoc).toBeDefined();
    const bundle = await (await checkedFetch(`${server.url}${redoc}`)).text();
    expect(bundle).toContain('Redoc');
    // The one load the published bundle makes (its logo) and the usual font and script CDNs.
    for (const host of ['cdn.redoc.ly', 'fonts.googleapis.com', 'fonts.gstatic.com', 'unpkg.com', 'jsdelivr.net'])
      expect(bundle).not.toContain(host);
  });

  it('answers 404 in the service error shape for a name /docs does not link', async () => {
    const response = await checkedFetch(`${server.url}/docs/assets/redoc.standalone.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body.error.code).toBe('not_found');
    expect(body.error.request_id).toBe(response.headers.get('x-request-id'));
  });

  it('answers 405 with Allow: GET to another method', async () => {
    const response = await checkedFetch(`${server.url}/docs/assets/x.js`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});
