// PostGIS side of the benchmarks: connect (or explain why not), and load a table once, reusing it on later runs when
// a marker row says the same data is already there. Used by the geo and HTTP benches.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { encodeCopyRow } from '../../../core/store/copy-text.ts';

export const DEFAULT_POSTGIS_URL = 'postgres://machimi:machimi@127.0.0.1:5432/machimi_bench_postgis';
const SETUP_HINT = 'set it up with `bash scripts/bench/setup-postgis.sh` or pass --postgis-url';

export type PostgisConnection = { client: pg.Client; version: string } | { skipped: string };

/** Connects and checks the postgis extension; never throws, so a bench without PostGIS still runs. */
export async function connectPostgis(url: string): Promise<PostgisConnection> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    return { skipped: `PostGIS: cannot connect to ${redact(url)} (${messageOf(error)}); ${SETUP_HINT}` };
  }
  try {
    let version = await postgisVersion(client);
    if (version === null) {
      try {
        await client.query('CREATE EXTENSION IF NOT EXISTS postgis');
      } catch (error) {
        await client.end();
        return { skipped: `PostGIS: extension not available in ${redact(url)} (${messageOf(error)}); ${SETUP_HINT}` };
      }
      version = await postgisVersion(client);
    }
    const server = await client.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    return { client, version: `PostgreSQL ${server.rows[0]?.v ?? '?'}, PostGIS ${version ?? '?'}` };
  } catch (error) {
    await client.end().catch(() => {});
    return { skipped: `PostGIS: ${messageOf(error)}` };
  }
}

async function postgisVersion(client: pg.Client): Promise<string | null> {
  const result = await client.query<{ v: string }>(
    "SELECT extversion AS v FROM pg_extension WHERE extname = 'postgis'",
  );
  return result.rows[0]?.v ?? null;
}

export interface TableLoad {
  /** Table name, also the marker key. */
  table: string;
  /** Identifies the data (generator, seed, size, checksum); a different value reloads the table. */
  fingerprint: string;
  /** Rows expected, for progress only (the marker keeps the count actually loaded). */
  expectedRows: number;
  /** How to fill it: COPY of generated rows, or CREATE TABLE … AS a query over tables loaded before. */
  source:
    | {
        /** Column definitions for CREATE TABLE, e.g. `id text, geog geography(Point, 4326)`. */
        columns: string;
        /** Rows in column order. */
        rows: () => Iterable<unknown[]> | AsyncIterable<unknown[]>;
      }
    | { createAs: string };
  /** Statements run after the load (indexes, CLUSTER, ANALYZE). */
  finish: string[];
}

/** Whether `table` holds the data named by `fingerprint`: its marker says so and its row count still matches. */
export async function tableIsCurrent(client: pg.Client, table: string, fingerprint: string): Promise<boolean> {
  await client.query(
    'CREATE TABLE IF NOT EXISTS bench_marker (table_name text PRIMARY KEY, fingerprint text NOT NULL, row_count bigint NOT NULL, loaded_at timestamptz NOT NULL DEFAULT now())',
  );
  const marker = await client.query<{ fingerprint: string; row_count: string }>(
    'SELECT fingerprint, row_count FROM bench_marker WHERE table_name = $1',
    [table],
  );
  const found = marker.rows[0];
  if (!found || found.fingerprint !== fingerprint) return false;
  const count = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
  return count.rows[0]?.n === found.row_count;
}

/**
 * Loads `table` unless the marker and the row count show the same data is already there. Returns whether it loaded.
 * A half-done load leaves no marker, so the next run starts over.
 */
export async function ensureTable(
  client: pg.Client,
  load: TableLoad,
  progress: (message: string) => void,
): Promise<boolean> {
  if (await tableIsCurrent(client, load.table, load.fingerprint)) {
    progress(`PostGIS: reusing ${load.table}`);
    return false;
  }
  const expected = load.expectedRows.toLocaleString('en-US');
  progress(`PostGIS: loading ${load.table} (about ${expected} rows); done once, reused by later runs`);
  const started = Date.now();
  await client.query('DELETE FROM bench_marker WHERE table_name = $1', [load.table]);
  await client.query(`DROP TABLE IF EXISTS ${load.table}`);
  if ('createAs' in load.source) {
    await client.query(`CREATE TABLE ${load.table} AS ${load.source.createAs}`);
  } else {
    await client.query(`CREATE TABLE ${load.table} (${load.source.columns})`);
    await copyRows(client, load.table, load.source.rows(), load.expectedRows, progress);
  }
  for (const statement of load.finish) {
    const at = Date.now();
    progress(`PostGIS: ${statement.slice(0, 100)}`);
    await client.query(statement);
    progress(`PostGIS:   took ${((Date.now() - at) / 1000).toFixed(1)} s`);
  }
  const count = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${load.table}`);
  await client.query('INSERT INTO bench_marker (table_name, fingerprint, row_count) VALUES ($1, $2, $3)', [
    load.table,
    load.fingerprint,
    count.rows[0]?.n ?? '0',
  ]);
  progress(`PostGIS: ${load.table} loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return true;
}

async function copyRows(
  client: pg.Client,
  table: string,
  rows: Iterable<unknown[]> | AsyncIterable<unknown[]>,
  expectedRows: number,
  progress: (message: string) => void,
): Promise<void> {
  let copied = 0;
  const every = Math.max(1, Math.round(expectedRows / 10));
  async function* encode() {
    let chunk = '';
    for await (const row of rows) {
      chunk += encodeCopyRow(row);
      copied++;
      if (chunk.length > 1 << 16) {
        yield chunk;
        chunk = '';
      }
      if (copied % every === 0) progress(`PostGIS: ${table} ${copied.toLocaleString('en-US')} rows copied`);
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(encode()), client.query(copyFrom(`COPY ${table} FROM STDIN`)));
}

/** FNV-1a over numbers and strings: a cheap fingerprint of generated data, so a changed generator reloads. */
export function fingerprintOf(values: Iterable<number | string | null>): string {
  let hash = 0x811c9dc5;
  for (const value of values) {
    const text = value === null ? '∅' : typeof value === 'number' ? value.toFixed(9) : value;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0x2c, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** `SRID=4326;POINT(lon lat)`: geography input text for COPY. */
export function pointText(lat: number, lon: number): string {
  return `SRID=4326;POINT(${lon} ${lat})`;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
