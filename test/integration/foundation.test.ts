import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../generated/place-lookup/client/index.ts';
import { listScenesNearby } from '../../generated/place-lookup/sdk.gen.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// Rules the HTTP layer enforces for every route, before any handler runs. Every response is checked against the spec.

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const origin = 'https://explore.example';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { EXPLORE_ORIGIN: origin } });
});
afterAll(() => server.close());

async function get(path: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await checkedFetch(`${server.url}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

const nearby = (lat: string, lon: string) =>
  `/v1/scenes/nearby?lat=${encodeURIComponent(lat)}&lon=${encodeURIComponent(lon)}`;

describe('strict coordinates', () => {
  it.each(['1e1', 'NaN', 'Infinity', '+35', '35.', '.5', '', '91', '-90.0001', '0x10', ' 35', '35,5'])(
    'lat=%j is 400 invalid_parameter naming lat',
    async (lat) => {
      const { status, body } = await get(nearby(lat, '135.19'));
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'invalid_parameter', field: 'lat' });
    },
  );

  it.each(['1e2', '-Infinity', '180.5', '-181', '135.'])('lon=%j is 400 naming lon', async (lon) => {
    const { status, body } = await get(nearby('34.69', lon));
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', field: 'lon' });
  });

  it('a missing lat is 400 naming lat', async () => {
    const { status, body } = await get('/v1/scenes/nearby?lon=135');
    expect(status).toBe(400);
    expect(body.error.field).toBe('lat');
  });
});

describe('parameter validation through the generated SDK', () => {
  it.each([
    [{ radius_m: 0 }, 'radius_m'],
    [{ radius_m: 1001 }, 'radius_m'],
    [{ limit: 51 }, 'limit'],
    [{ quality: 'everything' as never }, 'quality'],
  ])('%j is 400 naming %s', async (extra, field) => {
    const client = createClient({ baseUrl: server.url, fetch: checkedFetch });
    const result = await listScenesNearby({ client, query: { lat: '34.69', lon: '135.19', ...extra } });
    expect(result.response?.status).toBe(400);
    expect(result.error).toMatchObject({ error: { code: 'invalid_parameter', field } });
  });

  it.each([
    ['radius_m=1.5', 'radius_m'],
    ['radius_m=1e2', 'radius_m'],
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1&limit=2', 'limit'],
  ])('%s is 400 naming %s', async (extra, field) => {
    const { status, body } = await get(`${nearby('34.69', '135.19')}&${extra}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', field });
  });
});

describe('text parameters', () => {
  it.each(['/v1/streets/search?q=a%00b', '/v1/areas/search?q=a%00b', '/v1/schools/search?q=a%00b'])(
    '%s (a NUL byte) is 400 naming q, never a 500',
    async (path) => {
      const { status, body } = await get(path);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'invalid_parameter', field: 'q' });
    },
  );

  it('a ward of 30 characters outside the BMP is within its 30-character limit', async () => {
    const ward = '𠮷'.repeat(30);
    const body = JSON.stringify({ query: '坂', ward, mode: 'text' });
    const response = await get('/explore/api/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(200);
  });
});

describe('unknown paths and methods', () => {
  it('an unknown /v1 path is a JSON 404 in the place-lookup shape', async () => {
    const { status, body } = await get('/v1/no-such-thing');
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });

  it('an unknown /explore/api path is a 404 in the explore shape', async () => {
    const { status, body } = await get('/explore/api/no-such-thing');
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'not_found', retryable: false });
    expect(typeof body.error).toBe('string');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])(
    '%s on /v1 paths is 405 method_not_allowed with Allow: GET',
    async (method) => {
      for (const path of ['/v1', '/v1/meta', '/v1/scenes/123', '/v1/anything/else']) {
        const { status, body, headers } = await get(path, { method });
        expect(status).toBe(405);
        expect(body.error.code).toBe('method_not_allowed');
        expect(headers.get('allow')).toBe('GET');
      }
    },
  );

  it('GET /mcp is 405 with Allow: POST', async () => {
    const { status, body, headers } = await get('/mcp');
    expect(status).toBe(405);
    expect(body.error.code).toBe('method_not_allowed');
    expect(headers.get('allow')).toBe('POST');
  });

  it('GET /explore/api/search is 405 with Allow: POST in the explore shape', async () => {
    const { status, body, headers } = await get('/explore/api/search');
    expect(status).toBe(405);
    expect(body.code).toBe('method_not_allowed');
    expect(headers.get('allow')).toBe('POST');
  });
});

describe('bodies', () => {
  const json = { 'content-type': 'application/json' };

  it('POST /amenities/search over 2048 bytes is 413 payload_too_large', async () => {
    const body = JSON.stringify({ lat: 34.69, lon: 135.19, pad: 'x'.repeat(2100) });
    for (const path of ['/amenities/search', '/vending/search']) {
      const response = await get(path, { method: 'POST', headers: json, body });
      expect(response.status).toBe(413);
      expect(response.body.error.code).toBe('payload_too_large');
    }
  });

  it('POST /mcp over 64 KB is 413 payload_too_large', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(66_000) } });
    const { status, body: answer } = await get('/mcp', { method: 'POST', headers: json, body });
    expect(status).toBe(413);
    expect(answer.error.code).toBe('payload_too_large');
  });

  it('a search body over 8192 bytes is 413 in the explore shape', async () => {
    const body = JSON.stringify({ query: '坂', pad: 'x'.repeat(9000) });
    const { status, body: answer } = await get('/explore/api/search', { method: 'POST', headers: json, body });
    expect(status).toBe(413);
    expect(answer.code).toBe('payload_too_large');
  });

  it.each([undefined, 'text/plain', 'application/x-www-form-urlencoded'])(
    'a search with Content-Type %s is 415',
    async (contentType) => {
      const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
      const { status, body } = await get('/explore/api/search', { method: 'POST', headers, body: '{"query":"坂"}' });
      expect(status).toBe(415);
      expect(body.code).toBe('unsupported_media_type');
    },
  );

  it.each([
    ['{"query":', 'invalid_json', undefined],
    ['[1,2]', 'invalid_json', undefined],
    ['"坂"', 'invalid_json', undefined],
    ['null', 'invalid_json', undefined],
    ['{"query":"坂","bbox":[35,139,35.1,"north"]}', 'invalid_parameter', 'bbox'],
    ['{"query":"坂","bogus":1}', 'unknown_field', 'bogus'],
    ['{"query":"坂","limit":25}', 'invalid_parameter', 'limit'],
    ['{"query":"坂","year_from":1999}', 'invalid_parameter', 'year_from'],
    ['{}', 'query_or_preset_required', undefined],
    ['{"preset":null,"limit":5}', 'query_or_preset_required', undefined],
    ['{"query":null}', 'invalid_parameter', 'query'],
    ['{"query":"坂","preset":"SHRINE"}', 'invalid_parameter', 'preset'],
  ])('search body %s is 400 %s', async (body, code, field) => {
    const response = await get('/explore/api/search', { method: 'POST', headers: json, body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    // The document: `field` names the top-level body property, or is null when the error is not about one field.
    expect(response.body.field).toBe(field ?? null);
  });

  it('a search body that is not UTF-8 is 400 invalid_json', async () => {
    const body = new Uint8Array([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const response = await get('/explore/api/search', { method: 'POST', headers: json, body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_json', field: null });
  });
});

describe('origins and CORS', () => {
  it('a foreign browser Origin on explore is 403 forbidden_origin', async () => {
    const { status, body } = await get('/explore/api/meta', { headers: { origin: 'https://evil.example' } });
    expect(status).toBe(403);
    expect(body.code).toBe('forbidden_origin');
  });

  it('the configured Origin passes the origin check and is echoed', async () => {
    const { status, headers } = await get('/explore/api/search', { headers: { origin } });
    expect(status).toBe(405);
    expect(headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('/v1 and /mcp answer access-control-allow-origin: *', async () => {
    expect((await get('/v1/nope')).headers.get('access-control-allow-origin')).toBe('*');
    expect((await get('/mcp')).headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('request ids', () => {
  it('every /v1 response carries a uuid request id, the same in the error body and in the log', async () => {
    const { body, headers } = await get(nearby('NaN', '1'));
    const id = headers.get('x-request-id');
    expect(id).toMatch(uuid);
    expect(body.error.request_id).toBe(id);
    const line = server.logLines.find((entry) => entry.request_id === id);
    expect(line).toMatchObject({ status: 400, path: '/v1/scenes/nearby' });
  });

  it('every log line written while serving requests carries request_id', async () => {
    await get('/v1/nope');
    const requestLines = server.logLines.filter((entry) => entry.msg === 'request');
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line.request_id).toMatch(uuid);
  });
});
