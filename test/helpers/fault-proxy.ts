// A TCP proxy in front of PostgreSQL that tests switch between three behaviours, deterministically and without root:
// pass (forward both ways), freeze (accept and hold every byte, answer nothing: a hung database) and refuse (reset
// every connection, new and open: a database that is down). Switching back to pass delivers what a freeze held.
import { connect, createServer, type Server, type Socket } from 'node:net';

export type FaultMode = 'pass' | 'freeze' | 'refuse';

interface Link {
  client: Socket;
  upstream: Socket | null;
  /** Bytes held while frozen, in arrival order, with the side they go to. */
  held: { to: 'client' | 'upstream'; chunk: Buffer }[];
}

export interface FaultProxy {
  readonly port: number;
  readonly mode: FaultMode;
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string;
  set(mode: FaultMode): void;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = 'pass';
  const links = new Set<Link>();

  const send = (link: Link, to: 'client' | 'upstream', chunk: Buffer) => {
    const socket = to === 'client' ? link.client : link.upstream;
    if (mode === 'freeze' || !socket) link.held.push({ to, chunk });
    else socket.write(chunk);
  };
  const openUpstream = (link: Link) => {
    const upstream = connect(target.port, target.host);
    link.upstream = upstream;
    upstream.on('data', (chunk) => send(link, 'client', chunk));
    upstream.on('error', () => link.client.destroy());
    upstream.on('close', () => link.client.destroy());
    upstream.once('connect', () => flush(link));
  };
  const flush = (link: Link) => {
    const held = link.held;
    link.held = [];
    for (const { to, chunk } of held) send(link, to, chunk);
  };
  const drop = (link: Link) => {
    links.delete(link);
    link.client.resetAndDestroy();
    link.upstream?.destroy();
  };

  const server: Server = createServer((client) => {
    const link: Link = { client, upstream: null, held: [] };
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    links.add(link);
    client.on('data', (chunk) => send(link, 'upstream', chunk));
    client.on('error', () => {});
    client.on('close', () => {
      links.delete(link);
      link.upstream?.destroy();
    });
    if (mode === 'pass') openUpstream(link);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  return {
    port,
    get mode() {
      return mode;
    },
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    set(next) {
      mode = next;
      for (const link of [...links]) {
        if (next === 'refuse') drop(link);
        else if (next === 'pass') {
          if (link.upstream) flush(link);
          else openUpstream(link);
        }
      }
    },
    async close() {
      for (const link of [...links]) drop(link);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
