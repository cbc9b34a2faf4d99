import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specDir } from '../../../core/spec.ts';
import { rawRequest } from '../../helpers/raw-http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { checkedFetch } from '../../helpers/spec-check.ts';

// The OpenAPI documents served by the running server are the files of spec/ (the JSON converted from them), but for
// `servers`, which names this server: PUBLIC_BASE_URL when set, else the address the request reached.

const publicBase = 'https://api.machimi.example';
let local: TestServer;
let behindProxy: TestServer;
beforeAll(async () => {
  local = await startTestServer();
  behindProxy = await startTestServer({ env: { PUBLIC_BASE_URL: `${publicBase}/` } });
});
afterAll(async () => {
  await local.close();
  await behindProxy.close();
});

const files = [
  ['/v1', 'place-lookup.openapi.yaml'],
  ['/explore/api', 'scenery-search.openapi.yaml'],
] as const;
const fileText = (name: string) => readFileSync(`${specDir}${name}`, 'utf8');
const withServers = (text: string, url: string) =>
  text.replace(/^servers:\n(?:[ #].*\n|\n)*/m, `servers:\n  - url: ${url}\n    description: this server\n`);

describe.each(files)('%s/openapi.*', (prefix, name) => {
  it('serves the YAML file byte for byte, with this server in servers', async () => {
    const response = await checkedFetch(`${local.url}${prefix}/openapi.yaml`);
    expect(response.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    const text = await response.text();
    expect(text).toBe(withServers(fileText(name), local.url));
    expect(text).not.toBe(fileText(name));
  });

  it('serves the same document as JSON', async () => {
    const response = await checkedFetch(`${local.url}${prefix}/openapi.json`);
    const expected = load(fileText(name)) as Record<string, unknown>;
    expect(await response.json()).toEqual({ ...expected, servers: [{ url: local.url, description: 'this server' }] });
  });

  it('names PUBLIC_BASE_URL in servers when it is set', async () => {
    const json = await (await checkedFetch(`${behindProxy.url}${prefix}/openapi.json`)).json();
    expect(json.servers).toEqual([{ url: publicBase, description: 'this server' }]);
    const yaml = await (await checkedFetch(`${behindProxy.url}${prefix}/openapi.yaml`)).text();
    expect(yaml).toBe(withServers(fileText(name), publicBase));
  });

  it('is cacheable: Cache-Control, a weak ETag, 304 on If-None-Match, compressed when asked', async () => {
    const first = await rawRequest(`${local.url}${prefix}/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const etag = first.headers.get('etag') as string;
    const again = await rawRequest(`${local.url}${prefix}/openapi.json`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('links to the documents', () => {
  it('GET /v1 lists them among its endpoints', async () => {
    const index = await (await checkedFetch(`${local.url}/v1`)).json();
    expect(index.endpoints).toHaveProperty(['GET /v1/openapi.json']);
    expect(index.endpoints).toHaveProperty(['GET /v1/openapi.yaml']);
  });

  it('GET /explore/api/meta links the JSON document, which answers', async () => {
    const meta = await (await checkedFetch(`${local.url}/explore/api/meta`)).json();
    expect(meta.links.openapi).toBe(`${local.url}/explore/api/openapi.json`);
    expect((await checkedFetch(meta.links.openapi)).status).toBe(200);
  });
});
