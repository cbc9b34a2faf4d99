import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROTLI_QUALITY, COMPRESS_MIN_BYTES } from '../../../core/http/encoding.ts';
import { rawRequest } from '../../helpers/raw-http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

// How answers leave the server: compression by Accept-Encoding, weak ETags and 304, and HEAD's Content-Length,
// through the real server and measured on the wire.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const nearby = '/v1/scenes/nearby?lat=34.6126&lon=135.0119&radius_m=500&limit=50';
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`${server.url}${path}`, { method, headers });
// The body without its request id, which differs on every request.
const sameData = (text: string) => text.replace(/"request_id":"[0-9a-f-]{36}"/, '"request_id":""');

describe('compression', () => {
  it('sends a nearby page as it is without Accept-Encoding, and says it varies on Accept-Encoding', async () => {
    const plain = await get(nearby);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(Number(plain.headers.get('content-length'))).toBe(plain.wire.length);
    expect(plain.wire.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
  });

  it.each([
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'gzip'],
    ['br, gzip', 'gzip'],
    ['gzip;q=0.5, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['*', 'gzip'],
  ])(
    'Accept-Encoding %j is answered with %s, the same data in at most a quarter of the bytes',
    async (accept, coding) => {
      const plain = await get(nearby);
      const packed = await get(nearby, { 'accept-encoding': accept });
      expect(packed.headers.get('content-encoding')).toBe(coding);
      expect(Number(packed.headers.get('content-length'))).toBe(packed.wire.length);
      expect(sameData(packed.text)).toBe(sameData(plain.text));
      // Scene summaries are varied prose (the demo writes them from many phrasings): ~0.2 of the bytes at gzip level 1.
      expect(packed.wire.length).toBeLessThanOrEqual(plain.wire.length * 0.25);
    },
  );

  it.each(['identity', 'deflate', 'gzip;q=0, br;q=0', 'compress'])(
    'Accept-Encoding %j gets the plain body',
    async (accept) => {
      const answer = await get(nearby, { 'accept-encoding': accept });
      expect(answer.headers.get('content-encoding')).toBeNull();
    },
  );

  it('leaves a body under the threshold as it is', async () => {
    const small = await get('/v1/nope', { 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(404);
    expect(small.wire.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('compresses the scenery search face too', async () => {
    const meta = await get('/explore/api/meta', { 'accept-encoding': 'br' });
    expect(meta.headers.get('content-encoding')).toBe('br');
    expect(meta.headers.get('vary')).toMatch(/Origin/);
    expect(meta.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(BROTLI_QUALITY).toBeGreaterThan(0);
  });
});

describe('conditional requests', () => {
  it('tags a cacheable answer with one weak ETag for the same request, whatever its request_id or coding', async () => {
    const first = await get(nearby);
    const second = await get(nearby, { 'accept-encoding': 'gzip' });
    expect(JSON.parse(first.text).request_id).not.toBe(JSON.parse(second.text).request_id);
    expect(first.headers.get('etag')).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    const other = await get('/v1/scenes/nearby?lat=34.6126&lon=135.0119&radius_m=500&limit=49');
    expect(other.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  it.each(['/v1/meta', nearby, '/explore/api/meta'])('%s answers 304 without a body to If-None-Match', async (path) => {
    const first = await get(path);
    const etag = first.headers.get('etag') as string;
    for (const ifNoneMatch of [etag, `"x", ${etag}`, etag.replace(/^W\//, ''), '*']) {
      const again = await get(path, { 'if-none-match': ifNoneMatch, 'accept-encoding': 'gzip' });
      expect(again.status).toBe(304);
      expect(again.wire.length).toBe(0);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
      expect(again.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers 200 to another tag or to Cache-Control: no-cache', async () => {
    const etag = (await get('/v1/meta')).headers.get('etag') as string;
    expect((await get('/v1/meta', { 'if-none-match': 'W/"other"' })).status).toBe(200);
    expect((await get('/v1/meta', { 'if-none-match': etag, 'cache-control': 'no-cache' })).status).toBe(200);
  });

  it('tags no answer that is not to be stored: errors and no-store operations', async () => {
    const error = await get('/v1/scenes/nearby?lat=91&lon=135');
    expect(error.status).toBe(400);
    expect(error.headers.get('etag')).toBeNull();
    const amenities = await get('/v1/amenities/nearby?lat=34.6126&lon=135.0119');
    expect(amenities.headers.get('cache-control')).toBe('no-store');
    expect(amenities.headers.get('etag')).toBeNull();
  });
});

describe('HEAD', () => {
  it.each<[Record<string, string>]>([[{}], [{ 'accept-encoding': 'br' }]])(
    'carries the Content-Length of the GET (%j), without a body',
    async (headers) => {
      const got = await get(nearby, headers);
      const head = await get(nearby, headers, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.wire.length).toBe(0);
      // A compressed body's length depends on how its request id (36 characters, the one part that differs between
      // the two) compresses: by less than the id's own length.
      const slack = headers['accept-encoding'] ? 36 : 0;
      expect(Math.abs(Number(head.headers.get('content-length')) - got.wire.length)).toBeLessThanOrEqual(slack);
      expect(head.headers.get('content-encoding')).toBe(got.headers.get('content-encoding'));
      expect(head.headers.get('etag')).toBe(got.headers.get('etag'));
    },
  );

  it('carries it on an error too', async () => {
    const got = await get('/v1/nope');
    const head = await get('/v1/nope', {}, 'HEAD');
    expect(head.status).toBe(404);
    // Same length: the two bodies differ only in their request ids, of equal length.
    expect(head.headers.get('content-length')).toBe(String(got.wire.length));
  });
});
