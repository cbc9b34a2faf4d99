// The embedded default: PostgreSQL compiled to WASM, in this process, data in DATA_DIR (or in memory for tests).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { copyStatement, encodeCopyRow } from './copy-text.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { StoreHealth } from './health.ts';
import { textParsers } from './type-parsers.ts';
import type { BulkRows, Row, Store, StoreSession } from './types.ts';

type PgliteRunner = Pick<Transaction, 'query' | 'exec'>;

// One COPY FROM '/dev/blob' per batch (the batch is one Blob copied into WASM memory). Measured on a 50 000-scene
// release (195 000 rows) in a data folder: 14-19k rows/s by COPY against 8-10k rows/s by INSERT … SELECT FROM
// unnest($1::text[], …) with the same batches; batch sizes from 2 000 to 20 000 rows made no difference. (In memory,
// as some tests run, unnest is the faster one; the data folder is what serves.) Batches are bounded in characters
// too, so rows with long analyses stay a few MB per copy.
const rowsPerCopy = 5_000;
const charsPerCopy = 2_000_000;
const encoder = new TextEncoder();

function sessionOf(runner: PgliteRunner): StoreSession {
  return {
    async query<R extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      const result = await runner.query<R>(sql, [...params]);
      return result.rows;
    },
    async queryArrays(sql: string, params: readonly unknown[] = []): Promise<unknown[][]> {
      const result = await runner.query<unknown[]>(sql, [...params], { rowMode: 'array' });
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      await runner.exec(sql);
    },
    async copyOut(select: string): Promise<string> {
      const result = await runner.query(`COPY (${select}) TO '/dev/blob'`);
      return result.blob ? await result.blob.text() : '';
    },
    async copyOutBytes(select: string): Promise<Uint8Array> {
      const result = await runner.query(`COPY (${select}) TO '/dev/blob'`);
      return result.blob ? new Uint8Array(await result.blob.arrayBuffer()) : new Uint8Array(0);
    },
    async bulkLoad(table: string, columns: readonly string[], rows: BulkRows): Promise<number> {
      const statement = copyStatement(table, columns, "'/dev/blob'");
      let batch = '';
      let inBatch = 0;
      let written = 0;
      const flush = async () => {
        if (inBatch === 0) return;
        // One joined string encoded once: a Blob of thousands of small strings is several times slower to build.
        await runner.query(statement, [], { blob: new Blob([encoder.encode(batch)]) });
        written += inBatch;
        batch = '';
        inBatch = 0;
      };
      for await (const values of rows) {
        if (values.length !== columns.length) {
          throw new Error(`bulk load into ${table}: row has ${values.length} values for ${columns.length} columns`);
        }
        batch += encodeCopyRow(values);
        if (++inBatch >= rowsPerCopy || batch.length >= charsPerCopy) await flush();
      }
      await flush();
      return written;
    },
  };
}

// The WebAssembly PostgreSQL's buffer pool (its default is 128MB). Reads hit the operating system's file cache behind
// it anyway: at 1 M scenes, 32MB cuts the server's resident memory by ~100 MB with no measurable change in the store
// reads of a search page or a card read (measured side by side; docs/PERFORMANCE.md, decisions).
const SHARED_BUFFERS = '32MB';

/**
 * Opens PGlite in `<dataDir>/pglite` (created when missing), or in memory when dataDir is null. DATA_DIR is the
 * service's folder: other things (a generated demo release, say) may live beside the database. One process at a
 * time may open it; a second one gets a clear error instead of a corrupted database.
 */
export async function openPgliteStore(dataDir: string | null): Promise<Store> {
  let unlock = async () => {};
  let db: PGlite;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(join(dataDir, 'pglite.lock'), `the data folder ${dataDir}`);
  }
  try {
    db = await PGlite.create({
      ...(dataDir ? { dataDir: join(dataDir, 'pglite') } : {}),
      parsers: textParsers,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    });
  } catch (error) {
    await unlock();
    throw error;
  }
  return {
    kind: 'pglite',
    // In this process: it cannot be unreachable.
    health: new StoreHealth(),
    ...sessionOf(db),
    transaction<T>(fn: (tx: StoreSession) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(sessionOf(tx)));
    },
    async close(): Promise<void> {
      try {
        if (!db.closed) await db.close();
      } finally {
        await unlock();
      }
    },
  };
}
