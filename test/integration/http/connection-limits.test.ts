import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { checkResponse } from '../../helpers/spec-check.ts';

// One client holding connections far past its cap cannot stop another from being answered. The two clients are two
// loopback source addresses: Linux answers all of 127.0.0.0/8 on the loopback interface.

const total = 64;
const perClient = 16;
const hoarded = 200;
const lookup = '/v1/coverage?lat=34.6126&lon=135.0119&radius_m=300';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { MAX_CONNECTIONS: String(total), MAX_CONNECTIONS_PER_CLIENT: String(perClient), RATE_LIMIT_FACTOR: '50' },
  });
});
afterAll(() => server.close());

function openIdle(from: string): Promise<Socket> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress: from }, () => resolve(socket));
    socket.on('error', reject);
  });
}

function get(from: string, path: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.url);
    const req = request(url, { localAddress: from, agent: false, timeout: 5000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const headers = new Headers(res.headers as Record<string, string>);
        const problems = checkResponse({ method: 'GET', url: url.href, status: res.statusCode ?? 0, headers, body });
        if (problems.length > 0) reject(new Error(problems.join('\n')));
        else resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', reject);
    req.end();
  });
}

// A socket the server closed: it ended or was reset.
function closedBy(socket: Socket, withinMs: number): Promise<boolean> {
  if (socket.destroyed || socket.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), withinMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

describe('connection caps', () => {
  it('keep answering a second client while the first holds connections far past its cap', async () => {
    const sockets = await Promise.all(Array.from({ length: hoarded }, () => openIdle('127.0.0.2').catch(() => null)));
    try {
      const opened = sockets.filter((socket): socket is Socket => socket !== null);
      const closed = await Promise.all(opened.map((socket) => closedBy(socket, 1000)));
      // The server keeps the first perClient connections and closes the rest as they open.
      expect(closed.filter((wasClosed) => !wasClosed).length).toBe(perClient);
      const answer = await get('127.0.0.3', lookup);
      expect(answer.status).toBe(200);
    } finally {
      for (const socket of sockets) socket?.destroy();
    }
  });

  it('give a client back its share once its connections close', async () => {
    const first = await Promise.all(Array.from({ length: perClient }, () => openIdle('127.0.0.4')));
    for (const socket of first) socket.destroy();
    await sleep(100);
    const answer = await get('127.0.0.4', lookup);
    expect(answer.status).toBe(200);
  });

  it('refuse connections past the total while it is reached, and take them again once it is not', async () => {
    const holders = ['127.0.0.5', '127.0.0.6', '127.0.0.7', '127.0.0.8'];
    const held = await Promise.all(
      holders.flatMap((from) => Array.from({ length: total / holders.length }, () => openIdle(from))),
    );
    try {
      expect(await Promise.all(held.map((socket) => closedBy(socket, 300)))).not.toContain(true);
      await expect(get('127.0.0.9', lookup)).rejects.toThrow();
    } finally {
      for (const socket of held) socket.destroy();
    }
    await sleep(100);
    expect((await get('127.0.0.9', lookup)).status).toBe(200);
  });

  it('log the refusals as one structured line, not one per connection', async () => {
    const warned = server.logLines.filter((line) => line.msg === 'connections refused: a connection cap is reached');
    expect(warned.length).toBeGreaterThanOrEqual(1);
    expect(warned.length).toBeLessThan(hoarded - perClient);
    expect(warned[0]).toMatchObject({ level: 'warn', cap: 'per_client', client: '127.0.0.2' });
  });
});
