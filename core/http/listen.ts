import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { H3 } from 'h3';
import { toNodeHandler } from 'h3/node';
import { listenToClientErrors } from './client-error.ts';
import { type Drainable, drainable } from './drain.ts';

export interface Listener {
  server: Server;
  // Stops accepting connections, drops idle keep-alive ones and resolves once the requests in flight are answered.
  close: () => Promise<void>;
  // The graceful stop: in-flight requests finish within the grace, keep-alive connections close after their response.
  drain: Drainable['drain'];
}

export class PortInUseError extends Error {
  constructor(host: string, port: number) {
    super(`PORT ${port} is already in use on ${host}; stop what holds it or choose another PORT (0 = any free port)`);
    this.name = 'PortInUseError';
  }
}

// Binds node:http directly rather than through listhen: listhen (get-port-please) probes ports before binding, so
// PORT=0 would mean "3000, else 3000-3100" and the chosen port could be taken between the probe and the bind. Here
// port 0 is the kernel's ephemeral port, bound in one step, and a busy explicit port is an error, never another port.
export async function listenApp(app: H3, host: string, port: number): Promise<{ listener: Listener; url: string }> {
  const server = createServer(toNodeHandler(app) as never);
  listenToClientErrors(app, server);
  const { drain } = drainable(server);
  await new Promise<void>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => {
      server.off('listening', succeed);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(host, port) : error);
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
