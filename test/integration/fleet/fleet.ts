import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Haproxy, startHaproxy } from '../../helpers/haproxy.ts';
import { type ServerProcess, startServerProcess } from '../../helpers/server-process.ts';

// Replicas as deployed (docs/DEPLOY.md): server processes on one PostgreSQL database (a schema), each with its
// own DATA_DIR, TRUST_PROXY=1, behind haproxy. A replica restarts on its port and folder, as a process manager does.

export interface Replica {
  name: string;
  port: number;
  dataDir: string;
  process: ServerProcess;
}

export interface Fleet {
  replicas: Replica[];
  haproxy: Haproxy;
  restart(replica: Replica): Promise<void>;
  stop(): Promise<void>;
}

function startReplica(databaseUrl: string, dataDir: string, port = 0): Promise<ServerProcess> {
  return startServerProcess({
    dataDir,
    env: { DATABASE_URL: databaseUrl, TRUST_PROXY: '1', PORT: String(port), SHUTDOWN_GRACE_S: '2' },
  });
}

export async function startFleet(haproxyBinary: string, databaseUrl: string, size = 2): Promise<Fleet> {
  const root = await mkdtemp(join(tmpdir(), 'machimi-fleet-'));
  // Together, each from an empty folder: a small release reads from the database in a moment (a large one would be
  // provisioned from a copy of another replica's folder, as DEPLOY.md suggests).
  const replicas = await Promise.all(
    Array.from({ length: size }, async (_, i) => {
      const dataDir = join(root, `r${i + 1}`);
      const process = await startReplica(databaseUrl, dataDir);
      await process.waitForLog((entry) => entry.msg === 'scenery search engine ready', 120_000);
      return { name: `r${i + 1}`, port: Number(new URL(process.url).port), dataDir, process } satisfies Replica;
    }),
  );
  const haproxy = await startHaproxy(haproxyBinary, replicas);
  await Promise.all(replicas.map((replica) => haproxy.waitFor(replica.name, 'UP', 20_000)));
  return {
    replicas,
    haproxy,
    async restart(replica) {
      await replica.process.stop(5000);
      replica.process = await startReplica(databaseUrl, replica.dataDir, replica.port);
    },
    async stop() {
      await haproxy.stop();
      await Promise.all(replicas.map((replica) => replica.process.stop(5000)));
      await rm(root, { recursive: true, force: true });
    },
  };
}
