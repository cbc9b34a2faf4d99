import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registry } from './metrics.ts';

// The metrics listener: its own port (METRICS_PORT), on loopback unless METRICS_HOST says otherwise, so a scrape
// never competes with the API's connection limits and the API port never exposes the process's internals.
// It answers GET /metrics (spec/metrics.openapi.yaml) and 404 or 405 to anything else.

export interface MetricsListener {
  url: string;
  close: () => Promise<void>;
}

const scrapeDeadlineMs = 5000;

export async function listenMetrics(host: string, port: number): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('only /metrics is served here\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET', 'content-type': 'text/plain; charset=utf-8' }).end('use GET\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('collecting failed\n'),
    );
  });
  server.requestTimeout = scrapeDeadlineMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/metrics`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
