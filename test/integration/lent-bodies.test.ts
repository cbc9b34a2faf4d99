import { mkdtempSync } from 'node:fs';
import { createServer, get, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { toNodeHandler } from 'h3/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../core/config.ts';
import { assembleApp } from '../../core/http/assemble.ts';
import { BytePool } from '../../core/json/byte-pool.ts';
import { createLogger } from '../../core/log.ts';
import { loadHandlers } from '../../handlers/load.ts';
import { testRelease } from '../helpers/server.ts';

// Response bodies are written into pooled buffers (core/http/lent-body.ts) that go back to the pool once node:http
// has handed their last byte to the kernel. A buffer given back any earlier would be written over by a later
// response while the earlier one still waits to be sent, which only shows once sockets back up. Here many clients
// each send a batch of pipelined requests and stop reading, so the server's writes queue behind full sockets; then
// they read slowly. Every body must be, byte for byte, the body the same request got alone (its request_id aside,
// which the x-request-id header names).
//
// The server is the real one (the assembled app behind node:http, as listen.ts runs it) on a Unix socket: a paused
// loopback TCP client absorbs about 4 MB per connection in kernel buffers before the server's writes wait, a Unix
// socket about 200 KB, a few responses.

const connections = 16;
const pipelined = 32;
const stallMs = 300;
const pauseBetweenChunksMs = 2;

let server: Server;
let socketPath: string;
// Responses ended while bytes of theirs still waited in the server for the socket: the condition under test.
let endedUnsent = 0;
const references = new Map<string, { body: Buffer; requestId: string }>();

function getAlone(path: string): Promise<{ status: number; body: Buffer; requestId: string }> {
  return new Promise((resolve, reject) => {
    get({ socketPath, path }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          requestId: String(response.headers['x-request-id']),
        }),
      );
    }).on('error', reject);
  });
}

beforeAll(async () => {
  const config = parseConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '1000' });
  const { release } = await testRelease();
  const handlers = {
    placeLookup: await loadHandlers('place-lookup'),
    scenerySearch: await loadHandlers('scenery-search'),
    service: await loadHandlers('service'),
    map: await loadHandlers('map'),
  };
  const { app } = await assembleApp({ config, log: createLogger(config), handlers, release });
  server = createServer(toNodeHandler(app) as never);
  server.on('request', (_request, res: ServerResponse) => {
    res.once('prefinish', () => {
      if ((res.socket?.writableLength ?? 0) > 0) endedUnsent++;
    });
  });
  socketPath = join(mkdtempSync(join(tmpdir(), 'machimi-lent-')), 'server.sock');
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  const light = release.scenes.light;
  for (const row of [0, 300, 600, 900, 1200, 1500]) {
    const at = `lat=${(light.lats[row % light.count] as number).toFixed(6)}&lon=${(light.lons[row % light.count] as number).toFixed(6)}`;
    for (const path of [
      `/v1/scenes/nearby?${at}&radius_m=1000&limit=50`,
      `/v1/scenes/nearby?${at}&radius_m=300&limit=20`,
      `/v1/coverage?${at}&radius_m=500`,
    ]) {
      const { status, body, requestId } = await getAlone(path);
      expect(status, path).toBe(200);
      references.set(path, { body, requestId });
    }
  }
  // Bodies larger than a pool buffer are written into memory of their own and would not test the pool.
  const sizes = [...references.values()].map(({ body }) => body.length);
  expect(Math.max(...sizes)).toBeLessThan(new BytePool().size);
  expect(sizes.filter((size) => size > 16 * 1024).length).toBeGreaterThan(0);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Received {
  status: number;
  requestId: string;
  body: Buffer;
}

// Parses as many complete responses as `bytes` holds (each framed by Content-Length); returns them and the rest.
function parseResponses(bytes: Buffer): { responses: Received[]; rest: Buffer } {
  const responses: Received[] = [];
  let at = 0;
  for (;;) {
    const headEnd = bytes.indexOf('\r\n\r\n', at);
    if (headEnd < 0) break;
    const [statusLine = '', ...lines] = bytes.toString('latin1', at, headEnd).split('\r\n');
    const headers = new Map(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers.get('content-length'));
    if (!Number.isInteger(length)) throw new Error(`no Content-Length in ${statusLine}`);
    if (bytes.length < headEnd + 4 + length) break;
    const body = Buffer.from(bytes.subarray(headEnd + 4, headEnd + 4 + length));
    responses.push({ status: Number(statusLine.split(' ')[1]), requestId: headers.get('x-request-id') ?? '', body });
    at = headEnd + 4 + length;
  }
  return { responses, rest: bytes.subarray(at) };
}

// One slow client: every request sent at once, nothing read for stallMs, then a pause after every chunk read.
function slowClient(paths: string[]): Promise<Received[]> {
  return new Promise((resolve, reject) => {
    const socket = connect({ path: socketPath });
    const received: Received[] = [];
    let pending: Buffer = Buffer.alloc(0);
    socket.pause();
    socket.on('error', reject);
    socket.on('connect', async () => {
      socket.write(paths.map((path) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`).join(''));
      await sleep(stallMs);
      socket.resume();
    });
    socket.on('data', async (chunk: Buffer) => {
      socket.pause();
      const { responses, rest } = parseResponses(Buffer.concat([pending, chunk]));
      received.push(...responses);
      pending = rest;
      if (received.length === paths.length) {
        socket.end();
        resolve(received);
        return;
      }
      await sleep(pauseBetweenChunksMs);
      socket.resume();
    });
    socket.on('end', () => {
      if (received.length < paths.length) reject(new Error(`${received.length} of ${paths.length} responses`));
    });
  });
}

const expectedBody = (path: string, requestId: string): Buffer => {
  const reference = references.get(path) as { body: Buffer; requestId: string };
  return Buffer.from(reference.body.toString('latin1').replace(reference.requestId, requestId), 'latin1');
};

describe('lent response bodies under backed-up sockets', () => {
  it('reach every slow client byte-exact, many connections of pipelined requests at once', async () => {
    const paths = [...references.keys()];
    const batches = Array.from({ length: connections }, (_, client) =>
      Array.from({ length: pipelined }, (_, i) => paths[(client * pipelined + i) % paths.length] as string),
    );
    const answers = await Promise.all(batches.map(slowClient));
    expect(endedUnsent).toBeGreaterThan(0);
    let checked = 0;
    answers.forEach((received, client) => {
      received.forEach(({ status, requestId, body }, i) => {
        const path = batches[client]?.[i] as string;
        expect(status, path).toBe(200);
        expect(requestId, path).toMatch(/^[0-9a-f-]{36}$/);
        // Compared as bytes; a mismatch names the first differing offset rather than printing 50 KB twice.
        const expected = expectedBody(path, requestId);
        const firstDifference = body.findIndex((byte, at) => byte !== expected[at]);
        expect({ path, length: body.length, firstDifference }).toEqual({
          path,
          length: expected.length,
          firstDifference: -1,
        });
        checked++;
      });
    });
    expect(checked).toBe(connections * pipelined);
  });
});
