/**
 * Cursors in the store's `search_cursors` table (migration 004), used when the service runs on PostgreSQL so that any
 * replica sharing the database can continue a search another replica started. Expiry is the record's expires_at
 * against the caller's clock, exactly as in the in-process store: an expired row reads as unknown (410).
 */
import type { Queryable } from '../store/types.ts';
import type { CursorRecord, CursorStore } from './store.ts';

export interface SqlCursorStoreOptions {
  /** Least time between two cleanups by this process (default 1 minute). */
  cleanupEveryMs?: number;
  /** Rows one DELETE removes, so a deletion never holds locks for long (default 1000). */
  cleanupBatch?: number;
  /** Told when a background deletion fails (it is retried at the next interval). */
  onCleanupError?: (error: unknown) => void;
}

export class SqlCursorStore implements CursorStore {
  private readonly db: Queryable;
  private readonly cleanupEveryMs: number;
  private readonly cleanupBatch: number;
  private readonly onCleanupError: (error: unknown) => void;
  private lastCleanup = Number.NEGATIVE_INFINITY;
  private cleaning: Promise<void> | null = null;

  constructor(db: Queryable, options: SqlCursorStoreOptions = {}) {
    this.db = db;
    this.cleanupEveryMs = options.cleanupEveryMs ?? 60_000;
    this.cleanupBatch = options.cleanupBatch ?? 1000;
    this.onCleanupError = options.onCleanupError ?? (() => {});
  }

  async put(id: string, record: CursorRecord): Promise<void> {
    // JSON text (migration 007): a query may hold unpaired surrogates, which jsonb refuses and the text keeps.
    await this.db.query('INSERT INTO search_cursors (id, record, expires_at) VALUES ($1, $2, $3)', [
      id,
      JSON.stringify(record),
      record.expiresAt,
    ]);
    // Issuing is the natural moment to tidy up: replicas that issue cursors are the ones that fill the table. The
    // record's issue time is the caller's clock, the same clock expiry is read against. The search does not wait.
    const now = Date.parse(record.issuedAt);
    if (!this.cleaning && !(now - this.lastCleanup < this.cleanupEveryMs)) {
      this.lastCleanup = now;
      this.cleaning = this.deleteAllExpired(new Date(now))
        .then(() => {}, this.onCleanupError)
        .finally(() => {
          this.cleaning = null;
        });
    }
  }

  /** Resolves when no cleanup runs (tests; a stopping server). */
  async idle(): Promise<void> {
    await this.cleaning;
  }

  async get(id: string, now: Date): Promise<CursorRecord | null> {
    const [row] = await this.db.query<{ record: string }>(
      'SELECT record FROM search_cursors WHERE id = $1 AND expires_at > $2',
      [id, now.toISOString()],
    );
    return row ? (JSON.parse(row.record) as CursorRecord) : null;
  }

  /** Deletes up to one batch of rows expired at `now` (by the expires_at index); returns how many. */
  async deleteExpired(now: Date): Promise<number> {
    const rows = await this.db.query(
      `DELETE FROM search_cursors WHERE id IN (
         SELECT id FROM search_cursors WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2
       ) RETURNING 1`,
      [now.toISOString(), this.cleanupBatch],
    );
    return rows.length;
  }

  /**
   * Deletes every row expired at `now`, batch after batch until one is short, so cleanup keeps up with any rate of
   * issuing (test/integration/cursor/cursor-store.test.ts measures rows/s); returns how many.
   */
  async deleteAllExpired(now: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.deleteExpired(now);
      total += deleted;
      if (deleted < this.cleanupBatch) return total;
    }
  }
}
