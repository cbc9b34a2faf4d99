import { connect, type Socket } from 'node:net';
import { H3 } from 'h3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTimeouts, type Listener, listenApp } from '../../../core/http/listen.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { checkResponse } from '../../helpers/spec-check.ts';

// A connection is bounded in time whatever the client does: send nothing, send a body a byte at a time, or declare
// a body far over the limit. The deadlines are shortened here; the service's own are checked as configured.

const opened: Listener[] = [];
afterAll(async () => {
  await Promise.all(opened.map((listener) => listener.close()));
});

const quick = { headersMs: 400, requestMs: 1200, keepAliveMs: 300, idleMs: 5000 };
// A body cut off by a deadline rejects the read: answered (to nobody) without an error log.
const echo = new H3().post('/echo', (event) =>
  event.req.text().then(
    (text) => text.length,
    () => -1,
  ),
);

async function listenQuick(): Promise<URL> {
  const { listener, url } = await listenApp(echo, '127.0.0.1', 0, { timeouts: quick });
  opened.push(listener);
  return new URL(url);
}

function open(url: URL): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) }, () => resolve(socket));
    socket.on('error', reject);
  });
}

// Resolves with the milliseconds until the server closed the socket (and what it had written), or rejects.
function untilClosed(socket: Socket, withinMs: number): Promise<{ ms: number; text: string }> {
  const started = performance.now();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${withinMs} ms`));
    }, withinMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ ms: performance.now() - started, text: Buffer.concat(chunks).toString('latin1') });
    });
  });
}

describe('connection deadlines', () => {
  it('give headers and the whole request seconds, not minutes, by default', async () => {
    const { listener } = await listenApp(echo, '127.0.0.1', 0);
    opened.push(listener);
    const { server } = listener;
    expect(defaultTimeouts.requestMs).toBeLessThanOrEqual(60_000);
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout, server.timeout]).toEqual([
      defaultTimeouts.headersMs,
      defaultTimeouts.requestMs,
      defaultTimeouts.keepAliveMs,
      defaultTimeouts.idleMs,
    ]);
  });

  it('close a connection that sends nothing', async () => {
    const socket = await open(await listenQuick());
    const { ms } = await untilClosed(socket, 4000);
    expect(ms).toBeGreaterThanOrEqual(quick.headersMs - 50);
  });

  it('close a connection whose body trickles in past the request deadline', async () => {
    const socket = await open(await listenQuick());
    socket.write('POST /echo HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\ncontent-length: 1000\r\n\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('a'), 100);
    try {
      const { ms, text } = await untilClosed(socket, 5000);
      expect(ms).toBeGreaterThanOrEqual(quick.requestMs - 100);
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
    }
  });

  it('close an idle keep-alive connection after its answer', async () => {
    const socket = await open(await listenQuick());
    socket.write('POST /echo HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\ncontent-length: 2\r\n\r\nab');
    const { text } = await untilClosed(socket, 3000);
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('a request body and its connection', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '50' } });
  });
  afterAll(() => server.close());

  it('refused before it is read: 413 with Connection: close, and the connection closes instead of draining it', async () => {
    const url = new URL(server.url);
    const socket = await open(url);
    const declared = 200_000_000;
    socket.write(
      `POST /explore/api/search HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\n` +
        `content-length: ${declared}\r\n\r\n{"query":"`,
    );
    // The client keeps sending as long as the server reads; a server that drained would read all of it.
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = setInterval(() => {
      if (socket.writable && socket.writableLength < 1 << 20) {
        socket.write(chunk);
        sent += chunk.length;
      }
    }, 5);
    try {
      const { text } = await untilClosed(socket, 5000);
      const [head = '', body = ''] = text.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 413 /);
      expect(head.toLowerCase()).toContain('connection: close');
      const headers = new Headers(
        head
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(/:\s*/, 2) as [string, string]),
      );
      const problems = checkResponse({
        method: 'POST',
        url: `${server.url}/explore/api/search`,
        status: 413,
        headers,
        body: JSON.parse(body),
      });
      expect(problems).toEqual([]);
      expect(sent).toBeLessThan(declared / 10);
    } finally {
      clearInterval(pump);
      socket.destroy();
    }
  });

  it('cut off by the client is answered 400 and logged as a request, not as a fault', async () => {
    const url = new URL(server.url);
    const socket = await open(url);
    socket.write(
      `POST /explore/api/search HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\n` +
        'content-length: 1000\r\n\r\n{"query":"',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    const logged = () => server.logLines.find((line) => line.path === '/explore/api/search' && line.status === 400);
    for (let waited = 0; !logged() && waited < 3000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(logged()).toMatchObject({ msg: 'request', method: 'POST' });
    expect(server.logLines.filter((line) => line.level === 'error')).toEqual([]);
  });

  it('read in full, even when refused, keeps the connection open for the next request', async () => {
    const url = new URL(server.url);
    const socket = await open(url);
    // Read in full, then refused by validation: the connection is reusable.
    const body = '{"query":123}';
    const post =
      `POST /explore/api/search HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    const get = `GET /v1/coverage?lat=34.6126&lon=135.0119&radius_m=300 HTTP/1.1\r\nhost: ${url.host}\r\n\r\n`;
    socket.write(post + get);
    // The server closes it once idle for the keep-alive deadline, after both answers.
    const { text } = await untilClosed(socket, defaultTimeouts.keepAliveMs + 5000);
    // A body is not followed by a line break: the next status line starts right after it.
    const statusLines = text.match(/HTTP\/1\.1 \d{3} [^\r]*/g) ?? [];
    expect(statusLines).toEqual(['HTTP/1.1 400 Bad Request', 'HTTP/1.1 200 OK']);
    expect(text.toLowerCase()).not.toContain('connection: close');
  });
});
