import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { H3 } from 'h3';
import { afterEach, describe, expect, it } from 'vitest';
import { preflight } from '../../../core/http/cors.ts';
import { ListenError, type Listener, listenApp, PortInUseError } from '../../../core/http/listen.ts';
import { emptyResponse, jsonTextResponse } from '../../../core/http/respond.ts';

const app = new H3()
  .get('/ping', () => 'pong')
  .get('/json/:status', (event) => jsonTextResponse(Number(event.context.params?.status), '{}', {}))
  .get('/empty', () => emptyResponse(304, {}))
  .options('/preflight', () => preflight({}));
const opened: Listener[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((listener) => listener.close()));
});

async function listenOn(port: number) {
  const result = await listenApp(app, '127.0.0.1', port);
  opened.push(result.listener);
  return result;
}

function holdPort(): Promise<{ blocker: Server; port: number }> {
  const blocker = createServer();
  return new Promise((resolve) => {
    blocker.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = blocker.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      resolve({ blocker, port: address.port });
    });
  });
}

describe('listenApp', () => {
  it('binds a kernel-chosen port for 0 and names it in the URL', async () => {
    const { listener, url } = await listenOn(0);
    const address = listener.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    expect(address.port).toBeGreaterThan(0);
    expect(url).toBe(`http://127.0.0.1:${address.port}`);
    expect(await (await fetch(`${url}/ping`)).text()).toBe('pong');
  });

  // Not listhen's probing of 3000, then 3000-3100: an ephemeral port comes from the kernel's own range.
  const rangeFile = '/proc/sys/net/ipv4/ip_local_port_range';
  it.runIf(existsSync(rangeFile))('takes port 0 from the kernel ephemeral range', async () => {
    const [low, high] = readFileSync(rangeFile, 'utf8').trim().split(/\s+/).map(Number);
    const port = Number(new URL((await listenOn(0)).url).port);
    expect(port).toBeGreaterThanOrEqual(low ?? 0);
    expect(port).toBeLessThanOrEqual(high ?? 0);
  });

  it('gives two servers asking for 0 two different ports', async () => {
    const [first, second] = await Promise.all([listenOn(0), listenOn(0)]);
    expect(first.url).not.toBe(second.url);
  });

  it('refuses a busy explicit port instead of moving to another one', async () => {
    const { blocker, port } = await holdPort();
    try {
      const attempt = listenApp(app, '127.0.0.1', port);
      await expect(attempt).rejects.toBeInstanceOf(PortInUseError);
      await expect(attempt).rejects.toThrow(`PORT ${port} is already in use on 127.0.0.1`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('names a HOST that is not an address of this machine', async () => {
    const attempt = listenApp(app, '192.0.2.1', 0);
    await expect(attempt).rejects.toBeInstanceOf(ListenError);
    await expect(attempt).rejects.toThrow('HOST 192.0.2.1 is not an address of this machine');
  });

  it('binds the explicit port it was given', async () => {
    const { blocker, port } = await holdPort();
    await new Promise((resolve) => blocker.close(resolve));
    const { url } = await listenOn(port);
    expect(url).toBe(`http://127.0.0.1:${port}`);
  });

  // A Response made without statusText has "", which node:http would write as "HTTP/1.1 200 " with no phrase.
  it.each([
    ['GET', '/json/200', 200, 'OK'],
    ['GET', '/json/404', 404, 'Not Found'],
    ['GET', '/json/429', 429, 'Too Many Requests'],
    ['GET', '/empty', 304, 'Not Modified'],
    ['OPTIONS', '/preflight', 204, 'No Content'],
  ])('writes the reason phrase in the status line: %s %s', async (method, path, status, phrase) => {
    const { url } = await listenOn(0);
    const response = await fetch(`${url}${path}`, { method });
    await response.arrayBuffer();
    expect([response.status, response.statusText]).toEqual([status, phrase]);
  });

  it('closes while a keep-alive connection is idle', async () => {
    const { listener, url } = await listenApp(app, '127.0.0.1', 0);
    await (await fetch(`${url}/ping`)).text();
    await listener.close();
    expect(listener.server.listening).toBe(false);
  });
});
