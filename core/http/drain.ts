import type { Server, ServerResponse } from 'node:http';

// Graceful stop of the HTTP listener: stop accepting connections, let every request in flight finish, and close each
// keep-alive connection after its current response instead of resetting it. What outlives the grace is cut.

export interface DrainResult {
  /** True when every connection ended by itself within the grace. */
  clean: boolean;
  /** Requests still unanswered when the grace ran out (their connections were cut). */
  cut: number;
  ms: number;
}

export interface Drainable {
  /** Requests received and not yet answered. */
  readonly inFlight: number;
  drain(graceMs: number): Promise<DrainResult>;
}

// How often connections that became idle during the drain are closed (Node closes the idle ones once, at close()).
const idleSweepMs = 25;

export function drainable(server: Server): Drainable {
  const open = new Set<ServerResponse>();
  let draining = false;
  server.prependListener('request', (_request, response: ServerResponse) => {
    open.add(response);
    // Answered with `Connection: close`: the client opens a new connection for its next request, which then finds
    // the listener closed instead of a socket being cut under it.
    if (draining) response.shouldKeepAlive = false;
    response.once('close', () => open.delete(response));
  });
  return {
    get inFlight() {
      return open.size;
    },
    drain(graceMs) {
      draining = true;
      const started = performance.now();
      for (const response of open) if (!response.headersSent) response.shouldKeepAlive = false;
      return new Promise((resolve) => {
        const finish = (clean: boolean, cut: number) => {
          clearInterval(sweep);
          clearTimeout(deadline);
          resolve({ clean, cut, ms: Math.round(performance.now() - started) });
        };
        const sweep = setInterval(() => server.closeIdleConnections(), idleSweepMs);
        const deadline = setTimeout(() => {
          const cut = open.size;
          server.closeAllConnections();
          finish(false, cut);
        }, graceMs);
        if (!server.listening) return finish(true, 0);
        server.close(() => finish(true, 0));
        server.closeIdleConnections();
      });
    },
  };
}
