// PostgreSQL through a pg Pool, when DATABASE_URL is set: production, several replicas, CI.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { assertIdentifier, copyStatement, encodeCopyRow } from './copy-text.ts';
import { StoreHealth } from './health.ts';
import { listenOnChannel } from './pg-listener.ts';
import { isUnreachable, StoreGuard } from './store-guard.ts';
import { textParsers } from './type-parsers.ts';
import type { BulkRows, Row, Store, StoreOptions, StoreSession } from './types.ts';

type Runner = pg.Pool | pg.PoolClient;

// Rows joined per chunk written to the COPY stream: fewer, larger socket writes.
const rowsPerChunk = 500;

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    return textParsers[oid] ?? pg.types.getTypeParser(oid, format ?? 'text');
  },
};

async function* encodeChunks(table: string, columns: readonly string[], rows: BulkRows, counter: { rows: number }) {
  let chunk = '';
  let inChunk = 0;
  for await (const values of rows) {
    if (values.length !== columns.length) {
      throw new Error(`bulk load into ${table}: row has ${values.length} values for ${columns.length} columns`);
    }
    chunk += encodeCopyRow(values);
    counter.rows++;
    if (++inChunk >= rowsPerChunk) {
      yield chunk;
      chunk = '';
      inChunk = 0;
    }
  }
  if (chunk) yield chunk;
}

async function copyOutBytesWith(client: pg.PoolClient, select: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of client.query(copyTo(`COPY (${select}) TO STDOUT`))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function copyOutWith(client: pg.PoolClient, select: string): Promise<string> {
  return (await copyOutBytesWith(client, select)).toString('utf8');
}

// `queryTimeoutMs`: pg's own read timeout, so a statement the guard gave up on also frees its connection.
function queriesOf(
  runner: Runner,
  queryTimeoutMs?: number,
): Omit<StoreSession, 'bulkLoad' | 'copyOut' | 'copyOutBytes'> {
  const timeout = queryTimeoutMs === undefined ? {} : { query_timeout: queryTimeoutMs };
  return {
    async query<R extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      const result = await runner.query<R>({ text: sql, values: [...params], ...timeout });
      return result.rows;
    },
    async queryArrays(sql: string, params: readonly unknown[] = []): Promise<unknown[][]> {
      const result = await runner.query<unknown[]>({ text: sql, values: [...params], rowMode: 'array', ...timeout });
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      await runner.query({ text: sql, ...timeout });
    },
  };
}

function clientSession(client: pg.PoolClient): StoreSession {
  return {
    ...queriesOf(client),
    copyOut: (select) => copyOutWith(client, select),
    copyOutBytes: (select) => copyOutBytesWith(client, select),
    async bulkLoad(table: string, columns: readonly string[], rows: BulkRows): Promise<number> {
      const counter = { rows: 0 };
      const copy = client.query(copyFrom(copyStatement(table, columns, 'STDIN')));
      await pipeline(Readable.from(encodeChunks(table, columns, rows, counter)), copy);
      return counter.rows;
    },
  };
}

/**
 * pg.Pool gives up waiting for a connection after `connectionTimeoutMillis` (a request's deadline). A bulk read may
 * wait as long as its own deadline: under load, opening a connection can take longer than a request may wait.
 */
async function connectWithin(pool: pg.Pool, ms: number | undefined): Promise<pg.PoolClient> {
  const until = performance.now() + (ms ?? 0);
  for (;;) {
    try {
      return await pool.connect();
    } catch (error) {
      const waitedOut = error instanceof Error && error.message.includes('timeout exceeded when trying to connect');
      if (!waitedOut || performance.now() >= until) throw error;
    }
  }
}

async function withClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>, connectMs?: number): Promise<T> {
  const client = await connectWithin(pool, connectMs);
  let broken: Error | undefined;
  try {
    return await fn(client);
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A client that failed mid-COPY or mid-transaction may be in any protocol state: destroy it rather than reuse.
    client.release(broken);
  }
}

// A COPY reads or writes a whole table range: its deadline is generous, but it has one.
const bulkTimeoutFactor = 30;

export async function openPostgresStore(url: string, options: StoreOptions = {}): Promise<Store> {
  const schema = options.schema ?? null;
  if (schema) assertIdentifier(schema);
  const timeoutMs = options.timeoutMs ?? 2000;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    types,
    // Waiting for a connection (a new one, or a free one from the pool) is bounded like a statement.
    connectionTimeoutMillis: timeoutMs,
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its server (restart, failover) must not crash the process; the next query reconnects.
  pool.on('error', (error) => options.onIdleError?.(error));
  const health = new StoreHealth();
  const bulkMs = timeoutMs * bulkTimeoutFactor;
  const queries = queriesOf(pool, timeoutMs);
  let prepared = false;
  const prepare = async () => {
    if (schema) await queries.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await options.prepare?.(store);
    prepared = true;
  };
  const guard = new StoreGuard({
    health,
    timeoutMs,
    probe: async () => (prepared ? void (await queries.query('SELECT 1')) : prepare()),
    ...(options.probeEveryMs === undefined ? {} : { probeEveryMs: options.probeEveryMs }),
  });
  const listeners = new Set<ReturnType<typeof listenOnChannel>>();
  const store: Store = {
    kind: 'postgres',
    health,
    query: (sql, params, options) =>
      options?.bulk
        ? guard.run('query', () => withClient(pool, (c) => queriesOf(c, bulkMs).query(sql, params), bulkMs), bulkMs)
        : guard.run('query', () => queries.query(sql, params)),
    queryArrays: (sql, params) => guard.run('query', () => queries.queryArrays(sql, params)),
    exec: (sql) => guard.run('exec', () => queries.exec(sql)),
    bulkLoad(table, columns, rows) {
      return withClient(pool, (client) => clientSession(client).bulkLoad(table, columns, rows));
    },
    copyOut(select) {
      return guard.run('copy', () => withClient(pool, (client) => copyOutWith(client, select), bulkMs), bulkMs);
    },
    copyOutBytes(select) {
      return guard.run('copy', () => withClient(pool, (client) => copyOutBytesWith(client, select), bulkMs), bulkMs);
    },
    transaction<T>(fn: (tx: StoreSession) => Promise<T>): Promise<T> {
      return withClient(pool, async (client) => {
        await client.query('BEGIN');
        try {
          const result = await fn(clientSession(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      });
    },
    async close(): Promise<void> {
      guard.close();
      await Promise.all([...listeners].map((listener) => listener.close()));
      await pool.end();
    },
    listen(channel, events) {
      const listener = listenOnChannel({ connectionString: url, channel, timeoutMs }, events);
      listeners.add(listener);
      return {
        close: () => {
          listeners.delete(listener);
          return listener.close();
        },
      };
    },
  };
  try {
    await prepare();
  } catch (error) {
    // Degraded start: the caller serves what it holds locally; the probe prepares the database once it answers.
    if (!(options.startWhenUnreachable && isUnreachable(error))) {
      await store.close();
      throw error;
    }
    guard.markDown(error);
  }
  return store;
}
