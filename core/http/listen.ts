import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { H3 } from 'h3';
import { toNodeHandler } from 'h3/node';
import type { Logger } from '../log.ts';
import { listenToClientErrors } from './client-error.ts';
import { type ConnectionLimits, capConnections } from './connection-limits.ts';
import { type Drainable, drainable } from './drain.ts';

export interface Listener {
  server: Server;
  // Stops accepting connections, drops idle keep-alive ones and resolves once the requests in flight are answered.
  close: () => Promise<void>;
  // The graceful stop: in-flight requests finish within the grace, keep-alive connections close after their response.
  drain: Drainable['drain'];
}

/** HOST:PORT cannot be bound; the message says why and what to change. */
export class ListenError extends Error {
  override name = 'ListenError';
}

export class PortInUseError extends ListenError {
  constructor(host: string, port: number) {
    super(`PORT ${port} is already in use on ${host}; stop what holds it or choose another PORT (0 = any free port)`);
  }
}

function listenErrorOf(error: NodeJS.ErrnoException, host: string, port: number): Error {
  if (error.code === 'EADDRINUSE') return new PortInUseError(host, port);
  if (error.code === 'EACCES') {
    return new ListenError(`PORT ${port} on ${host} needs privileges this user lacks; choose a PORT above 1023`);
  }
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') {
    return new ListenError(`HOST ${host} is not an address of this machine; use 127.0.0.1, 0.0.0.0 or one of its own`);
  }
  return error;
}

// Sized for an API whose requests are a query string or a JSON body of at most 64 KB, not for uploads (Node's
// defaults: 60 s for the headers, 300 s for the whole request, no idle limit while a response waits to be read).
export interface ConnectionTimeouts {
  /** From the connection's opening (or the previous response) until the request's headers are in. */
  headersMs: number;
  /** From the connection's opening until the whole request, body included, is in. */
  requestMs: number;
  /** An idle keep-alive connection between requests. */
  keepAliveMs: number;
  /**
   * A connection with no traffic either way, e.g. a response the client stopped reading. Longer than any answer may
   * take: a search that arrives while the index is built from the store waits for it (minutes at a million scenes).
   */
  idleMs: number;
}

export const defaultTimeouts: ConnectionTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5000,
  idleMs: 900_000,
};

export interface ListenOptions {
  limits?: ConnectionLimits;
  timeouts?: ConnectionTimeouts;
  log?: Logger;
}

// Binds node:http directly rather than through listhen: listhen (get-port-please) probes ports before binding, so
// PORT=0 would mean "3000, else 3000-3100" and the chosen port could be taken between the probe and the bind. Here
// port 0 is the kernel's ephemeral port, bound in one step, and a busy explicit port is an error, never another port.
export async function listenApp(
  app: H3,
  host: string,
  port: number,
  options: ListenOptions = {},
): Promise<{ listener: Listener; url: string }> {
  const timeouts = options.timeouts ?? defaultTimeouts;
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often those deadlines are checked (Node: 30 s, which let a connection outlive them by that much).
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
    toNodeHandler(app) as never,
  );
  server.timeout = timeouts.idleMs;
  if (options.limits) capConnections(server, options.limits, options.log);
  listenToClientErrors(app, server);
  const { drain } = drainable(server);
  await new Promise<void>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => {
      server.off('listening', succeed);
      reject(listenErrorOf(error, host, port));
    };
    const succeed = () => {
      server.off('error', fail);
      resolve();
    };
    server.once('error', fail);
    server.once('listening', succeed);
    server.listen({ port, host });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    listener: { server, close: () => closeServer(server), drain },
    url: `http://${shownHost}:${address.port}`,
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
