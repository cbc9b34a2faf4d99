// The one interface both drivers implement. Everything above core/store talks to a Store and never to PGlite or pg.
//
// Values crossing it are the same on both drivers: int4/int8/numeric arrive as numbers (int8 only holds counts;
// scene ids are text), json/jsonb as parsed values, timestamptz as ISO 8601 strings, date as 'YYYY-MM-DD'.

import type { StoreHealth } from './health.ts';
import type { ChannelEvents, ChannelListener } from './pg-listener.ts';

export type Row = Record<string, unknown>;

export type DriverKind = 'pglite' | 'postgres';

/** Rows for bulk load: one array per row, values in the order of `columns`. Objects and arrays go to json/jsonb. */
export type BulkRows = Iterable<readonly unknown[]> | AsyncIterable<readonly unknown[]>;

/** How long a statement may take on PostgreSQL (PGlite runs in process and has no deadline). */
export interface QueryOptions {
  /**
   * A read of a whole table of a release (start-up, a live switch, ingest's snapshots): bounded by the bulk deadline
   * that COPY has (30 × STORE_TIMEOUT_MS), not a request's, so a slow database at 1 M rows neither fails it nor marks
   * the store down.
   */
  bulk?: boolean;
}

/** The options of a read of a whole table of a release. */
export const wholeTable: QueryOptions = Object.freeze({ bulk: true });

export interface Queryable {
  /** Runs one statement with $1… parameters and returns its rows as objects keyed by column name. */
  query<R extends Row = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<R[]>;
  /** Same as query, rows as arrays in select-list order (cheaper for millions of light rows). */
  queryArrays(sql: string, params?: readonly unknown[]): Promise<unknown[][]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * The text-format output of COPY (select) TO STDOUT: far cheaper than rows for millions of light values (measured
   * 3-5x on PGlite). COPY takes no parameters: embed values with quoteLiteral.
   */
  copyOut(select: string): Promise<string>;
  /** The same output as bytes, for CopyReader (copy-reader.ts); absent on test doubles, then copyOut is used. */
  copyOutBytes?(select: string): Promise<Uint8Array>;
}

export interface StoreSession extends Queryable {
  /**
   * Appends rows to `table` through the driver's fastest correct path (COPY FROM STDIN on PostgreSQL) and returns
   * how many were written. An error thrown by the iterable aborts the load and is rethrown unchanged.
   */
  bulkLoad(table: string, columns: readonly string[], rows: BulkRows): Promise<number>;
}

export interface Store extends StoreSession {
  readonly kind: DriverKind;
  /** Whether the store answers now (health.ts); PGlite is always up. */
  readonly health: StoreHealth;
  /** Runs fn inside BEGIN … COMMIT on one connection; any throw rolls everything back and is rethrown. */
  transaction<T>(fn: (tx: StoreSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: notifications on `channel`, on a connection of their own (pg-listener.ts). */
  listen?(channel: string, events: ChannelEvents): ChannelListener;
}

export interface StoreOptions {
  /** postgres:// URL: use PostgreSQL through pg. Absent: PGlite. */
  databaseUrl?: string | null;
  /** PGlite data folder; absent means in memory (tests). */
  dataDir?: string | null;
  /** PostgreSQL only: a schema to work in (created when missing), so test runs do not share tables. */
  schema?: string | null;
  /** PostgreSQL only: pool size. */
  maxConnections?: number;
  /** PostgreSQL only: an idle pooled connection failed (server restart, failover); the pool reconnects by itself. */
  onIdleError?: (error: Error) => void;
  /** PostgreSQL only: the deadline of one statement or connection (STORE_TIMEOUT_MS; default 2000). */
  timeoutMs?: number;
  /** PostgreSQL only: how often a store that is down is probed (default 1000 ms). */
  probeEveryMs?: number;
  /**
   * PostgreSQL only: open even when the database cannot be reached (health down); `prepare` then runs when it
   * first answers. Otherwise opening fails.
   */
  startWhenUnreachable?: boolean;
  /** Run once the database answers, before the store counts as up (open.ts: the migrations). */
  prepare?: (store: Store) => Promise<void>;
}
