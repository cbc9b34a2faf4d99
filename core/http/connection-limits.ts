import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { type Config, ConfigError } from '../config.ts';
import type { Logger } from '../log.ts';

// Caps on open connections. Without them one client holding idle connections used up every file descriptor and
// every other client was refused. The total stays below the process's descriptor limit, leaving room for the store,
// its files and the logs; each TCP peer may hold a share of it.
//
// The per-client identity is the TCP peer, also behind TRUST_PROXY: X-Forwarded-For is only known once a request has
// been read, and a connection is counted when it opens. Behind a proxy the proxy is the one peer and holds everyone's
// connections, so there the per-client cap defaults to the total: capping clients is the proxy's job.

export interface ConnectionLimits {
  total: number;
  perClient: number;
}

/** Descriptors kept for everything that is not a client connection: the store, snapshots, logs, outgoing sockets. */
export const reservedDescriptors = 256;
const defaultPerClient = 64;
// Where /proc is missing (not Linux): the common soft limit.
const assumedDescriptorLimit = 1024;

/** The soft RLIMIT_NOFILE (`ulimit -n`), read from /proc/self/limits: Node has no getrlimit. */
export function descriptorLimit(limitsText?: string): number | null {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return null;
    }
  }
  const soft = /^Max open files\s+(\S+)/m.exec(text)?.[1];
  if (soft === undefined) return null;
  return soft === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(soft);
}

/** The caps for a configuration; a MAX_CONNECTIONS the descriptor limit cannot hold is a configuration error. */
export function connectionLimitsOf(
  config: Pick<Config, 'maxConnections' | 'maxConnectionsPerClient' | 'trustProxy'>,
  limit: number | null = descriptorLimit(),
): ConnectionLimits {
  const room = Math.max(1, (limit ?? assumedDescriptorLimit) - reservedDescriptors);
  if (config.maxConnections !== null && config.maxConnections > room) {
    throw new ConfigError(
      `MAX_CONNECTIONS ${config.maxConnections} does not fit the file-descriptor limit (ulimit -n ${limit}) less ` +
        `${reservedDescriptors} for the store; set it to at most ${room} or raise ulimit -n`,
    );
  }
  const total = config.maxConnections ?? room;
  const perClient = config.maxConnectionsPerClient ?? (config.trustProxy > 0 ? total : defaultPerClient);
  return { total, perClient: Math.min(perClient, total) };
}

// An IPv4 client on a dual-stack socket appears as ::ffff:a.b.c.d; it is the same client as a.b.c.d.
function peerOf(socket: Socket): string {
  const address = socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

const logEveryMs = 10_000;

/** Applies the caps: a connection past either one is closed as soon as it opens, before a byte is read. */
export function capConnections(server: Server, limits: ConnectionLimits, log?: Logger): void {
  server.maxConnections = limits.total;
  const open = new Map<string, number>();
  let refused = 0;
  let loggedAt = 0;
  const note = (cap: 'total' | 'per_client', client: string) => {
    refused += 1;
    const now = Date.now();
    if (now - loggedAt < logEveryMs) return;
    log?.warn({ cap, client, refused, limits }, 'connections refused: a connection cap is reached');
    loggedAt = now;
    refused = 0;
  };
  server.on('drop', (data?: { remoteAddress?: string }) => note('total', data?.remoteAddress ?? 'unknown'));
  server.on('connection', (socket: Socket) => {
    const client = peerOf(socket);
    const count = (open.get(client) ?? 0) + 1;
    if (count > limits.perClient) {
      socket.destroy();
      note('per_client', client);
      return;
    }
    open.set(client, count);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
}
