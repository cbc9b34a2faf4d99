// PGlite is one in-process PostgreSQL: two processes opening one data folder would corrupt it (a server running
// while `npm run ingest` writes, say). The lock is a Unix socket the owner listens on, not a file holding a pid:
// the kernel closes it the moment its process dies, however it dies, so a lock left by `kill -9` is known stale at
// once. A pid cannot tell that: as PID 1 in a container a restarted server has the dead owner's pid, and a killed
// process keeps its pid until it is reaped. A socket also answers across PID namespaces (containers sharing a volume).
import { createHash } from 'node:crypto';
import { open, stat, unlink } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The data folder is open in another process (or already in this one). */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  /** The holder's process id when it answered one. */
  readonly holderPid: number | null;
  constructor(message: string, holderPid: number | null = null) {
    super(message);
    this.holderPid = holderPid;
  }
}

// sun_path holds 108 bytes. A longer path is tried relative to the working directory, else a socket named after the
// folder goes to the temporary directory (then two containers sharing only the volume do not see each other's lock).
const maxSocketPath = 100;
function socketPathOf(path: string): string {
  if (Buffer.byteLength(path) <= maxSocketPath) return path;
  const near = relative(process.cwd(), path);
  if (Buffer.byteLength(near) <= maxSocketPath) return near;
  return join(tmpdir(), `machimi-${createHash('sha256').update(resolve(path)).digest('hex').slice(0, 24)}.lock`);
}

// Connecting to the socket tells whether its owner lives: refused (or gone) means nobody listens. A live owner
// answers its pid and closes; one whose event loop is busy is still accepted by the kernel and counts as alive when
// the wait ends. A connection closed with no answer is an owner dying: its threads still hold the socket for a few
// milliseconds after it was killed.
const answerWaitMs = 2000;
type Probe = { alive: false } | { alive: true; pid: number | null };
function probe(path: string): Promise<Probe> {
  return new Promise((done) => {
    const socket = connect({ path });
    let text = '';
    let connected = false;
    const finish = (waited: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const pid = Number(text.trim());
      const alive = connected && (waited || text !== '');
      done(alive ? { alive, pid: Number.isInteger(pid) && pid > 0 ? pid : null } : { alive: false });
    };
    const timer = setTimeout(() => finish(true), answerWaitMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
    });
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('close', () => finish(false));
    socket.on('error', () => {});
  });
}

function listenOn(path: string): Promise<Server | null> {
  const server = createServer((socket) => {
    socket.on('error', () => {});
    socket.end(String(process.pid));
  });
  return new Promise((done, fail) => {
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? done(null) : fail(error)));
    server.listen({ path, exclusive: true }, () => {
      // The lock must not keep a process alive that has nothing else to do.
      server.unref();
      done(server);
    });
  });
}

function releaseOf(server: Server): () => Promise<void> {
  // Closing unlinks the socket file (libuv does).
  return () => new Promise<void>((done) => (server.listening ? server.close(() => done()) : done()));
}

// A stale socket is removed, and a new one bound in its place, by one process at a time: two starts that both found
// it stale would otherwise each unlink the other's fresh socket. The guard is a file created exclusively; one left
// by a process that died in these few milliseconds is removed once it is older than a few seconds.
const guardStaleMs = 5000;
async function takeOver(socketPath: string): Promise<Server | null> {
  const guard = `${socketPath}.takeover`;
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(guard, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - ((await stat(guard).catch(() => null))?.mtimeMs ?? Date.now());
    if (age > guardStaleMs) await unlink(guard).catch(() => {});
    return null;
  }
  try {
    if ((await probe(socketPath)).alive) return null;
    await unlink(socketPath).catch(() => {});
    return await listenOn(socketPath);
  } finally {
    await handle.close();
    await unlink(guard).catch(() => {});
  }
}

const lockWaitMs = guardStaleMs + 2000;

/** Takes the lock (a stale one, left by a process that died, is taken over) and returns its release. */
export async function lockDataDir(path: string, what: string): Promise<() => Promise<void>> {
  const socketPath = socketPathOf(path);
  const deadline = Date.now() + lockWaitMs;
  while (Date.now() < deadline) {
    const server = await listenOn(socketPath);
    if (server) return releaseOf(server);
    const owner = await probe(socketPath);
    if (owner.alive) {
      const who = owner.pid === null ? 'another process' : `process ${owner.pid}`;
      const self = owner.pid === process.pid ? ' (this one)' : '';
      throw new DataDirLockedError(
        `${what} is in use by ${who}${self}; stop it first, or use PostgreSQL (DATABASE_URL) to share one store ` +
          'between processes',
        owner.pid,
      );
    }
    const taken = await takeOver(socketPath);
    if (taken) return releaseOf(taken);
    await sleep(50);
  }
  throw new DataDirLockedError(`could not lock ${what} (${path}) within ${lockWaitMs / 1000} s; try again`);
}
