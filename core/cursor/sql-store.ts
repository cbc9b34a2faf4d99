/**
 * Cursors in the store's `search_cursors` table (migration 004), used when the service runs on PostgreSQL so that any
 * replica sharing the database can continue a search another replica started. Expiry is the record's expires_at
 * against the caller's clock, exactly as in the in-process store: an expired row reads as unknown (410).
 */
import type { Queryable } from '../store/types.ts';
import type { CursorRecord, CursorStore } from './store.ts';

export interface SqlCursorStoreOptions {
  /** Least time between two deletions of expired rows by this process (default 10 minutes). */
  cleanupEveryMs?: number;
  /** Most expired rows deleted at once, so a deletion never holds locks for long (default 1000). */
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

  constructor(db: Queryable, options: SqlCursorStoreOptions = {}) {
    this.db = db;
    this.cleanupEveryMs = options.cleanupEveryMs ?? 600_000;
    this.cleanupBatch = options.cleanupBatch ?? 1000;
    this.onCleanupError = options.onCleanupError ?? (() => {});
  }

  async put(id: string, record: CursorRecord): Promise<void> {
    await this.db.query('INSERT INTO search_cursors (id, record, expires_at) VALUES ($1, $2, $3)', [
      id,
      JSON.stringify(record),
      record.expiresAt,
    ]);
    // Issuing is the natural moment to tidy up: replicas that issue cursors are the ones that fill the table. The
    // record's issue time is the caller's clock, the same clock expiry is read against.
    const now = Date.parse(record.issuedAt);
    if (!(now - this.lastCleanup < this.cleanupEveryMs)) {
      this.lastCleanup = now;
      await this.deleteExpired(new Date(now)).catch(this.onCleanupError);
    }
  }

  async get(id: string, now: Date): Promise<CursorRecord | null> {
    // JSON text (migration 007): a query may hold unpaired surrogates, which jsonb refuses and the text keeps.
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
}
