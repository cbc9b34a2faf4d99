// PostgreSQL through a pg Pool, when DATABASE_URL is set: production, several replicas, CI.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { assertIdentifier, copyStatement, encodeCopyRow } from './copy-text.ts';
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

function queriesOf(runner: Runner): Omit<StoreSession, 'bulkLoad' | 'copyOut' | 'copyOutBytes'> {
  return {
    async query<R extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      const result = await runner.query<R>(sql, [...params]);
      return result.rows;
    },
    async queryArrays(sql: string, params: readonly unknown[] = []): Promise<unknown[][]> {
      const result = await runner.query<unknown[]>({ text: sql, values: [...params], rowMode: 'array' });
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      await runner.query(sql);
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

async function withClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
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

export async function openPostgresStore(url: string, options: StoreOptions = {}): Promise<Store> {
  const schema = options.schema ?? null;
  if (schema) assertIdentifier(schema);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    types,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its server (restart, failover) must not crash the process; the next query reconnects.
  pool.on('error', (error) => options.onIdleError?.(error));
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);

  return {
    kind: 'postgres',
    ...queriesOf(pool),
    bulkLoad(table, columns, rows) {
      return withClient(pool, (client) => clientSession(client).bulkLoad(table, columns, rows));
    },
    copyOut(select) {
      return withClient(pool, (client) => copyOutWith(client, select));
    },
    copyOutBytes(select) {
      return withClient(pool, (client) => copyOutBytesWith(client, select));
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
      await pool.end();
    },
  };
}
