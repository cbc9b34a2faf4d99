import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFor } from '../../../core/scenery-search/engine-holder.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { checkResponse } from '../../helpers/spec-check.ts';

// Host, X-Forwarded-Host and X-Forwarded-Proto are written by the client. The links of /explore/api are cached
// publicly, so they are built on configuration only: PUBLIC_BASE_URL, else the listening address.

const hostile = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example, proxy.internal',
  'x-forwarded-proto': 'javascript',
  'x-forwarded-for': '203.0.113.9',
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

// node:http rather than fetch: fetch does not let a caller choose the Host header.
function send(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = { ...hostile, ...(payload ? { 'content-type': 'application/json' } : {}) };
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const problems = checkResponse({
          method,
          url: url.href,
          status: res.statusCode ?? 0,
          headers: new Headers(res.headers as Record<string, string>),
          body: parsed,
        });
        if (problems.length > 0) reject(new Error(problems.join('\n')));
        else resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

function linksOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(linksOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'links' && inner !== null && typeof inner === 'object'
      ? [...Object.values(inner).filter((link): link is string => typeof link === 'string'), ...linksOf(inner)]
      : linksOf(inner),
  );
}

async function apiLinks(base: string): Promise<{ links: string[]; answers: Answer[] }> {
  const meta = await send(base, 'GET', '/explore/api/meta');
  const search = await send(base, 'POST', '/explore/api/search', { preset: 'green_walk', mode: 'text', limit: 3 });
  expect(search.body.results.length).toBeGreaterThan(0);
  const scene = await send(base, 'GET', `/explore/api/scene/${search.body.results[0].id}`);
  const answers = [meta, search, scene];
  for (const answer of answers) expect(answer.status).toBe(200);
  const links = answers.flatMap((answer) => linksOf(answer.body)).filter((link) => link.includes('/explore/api'));
  expect(links.length).toBeGreaterThan(3);
  return { links, answers };
}

describe.each([
  ['no proxy trusted', {}],
  ['TRUST_PROXY=2', { TRUST_PROXY: '2' }],
])('links with %s', (_label, env) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '50', ...env } });
    await engineFor(server.release);
  });
  afterAll(() => server.close());

  it('name the listening address, whatever Host and X-Forwarded-* say', async () => {
    const { links, answers } = await apiLinks(server.url);
    for (const link of links) expect(link.startsWith(`${server.url}/explore/api/`)).toBe(true);
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toMatch(/evil\.example|javascript:/);
  });

  it('say in Vary every request header explore answers depend on: Origin, and Accept-Encoding (compression)', async () => {
    const { answers } = await apiLinks(server.url);
    for (const answer of answers) {
      const varied = String(answer.headers.vary)
        .split(/,\s*/)
        .map((name) => name.toLowerCase());
      expect(varied.sort()).toEqual(['accept-encoding', 'origin']);
    }
  });
});

describe('links with PUBLIC_BASE_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { RATE_LIMIT_FACTOR: '50', TRUST_PROXY: '1', PUBLIC_BASE_URL: 'https://machimi.example.jp/' },
    });
    await engineFor(server.release);
  });
  afterAll(() => server.close());

  it('name the configured origin', async () => {
    const { links } = await apiLinks(server.url);
    for (const link of links) expect(link.startsWith('https://machimi.example.jp/explore/api/')).toBe(true);
  });
});
