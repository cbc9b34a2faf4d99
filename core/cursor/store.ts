/**
 * Where continuation cursors live. A record holds the request it is bound to and the JSON-serialisable state of the
 * search (stream positions, ids already served, ranked results not yet shown), so any replica with the same store
 * can continue. The in-process store is an lru-cache with a TTL; a PostgreSQL store implements the same interface
 * (a table keyed by cursor id with a jsonb record and an expires_at column).
 */
import { LRUCache } from 'lru-cache';

export const CURSOR_TTL_S = 3600;

export interface CursorRecord<S = unknown> {
  /** The conditions the cursor is bound to, after defaults (compared field by field on use). */
  binding: Record<string, unknown>;
  state: S;
  issuedAt: string;
  expiresAt: string;
}

export interface CursorStore {
  put(id: string, record: CursorRecord): Promise<void>;
  /** The record, or null when unknown or expired at `now`. */
  get(id: string, now: Date): Promise<CursorRecord | null>;
}

export interface MemoryCursorStoreOptions {
  /** Most cursors kept; the least recently used go first (default 20 000). */
  max?: number;
}

export class MemoryCursorStore implements CursorStore {
  private readonly cache: LRUCache<string, CursorRecord>;

  constructor(options: MemoryCursorStoreOptions = {}) {
    // The TTL frees memory; the authoritative expiry check is against the record's expiresAt and the caller's clock.
    this.cache = new LRUCache({ max: options.max ?? 20_000, ttl: CURSOR_TTL_S * 1000, ttlAutopurge: false });
  }

  async put(id: string, record: CursorRecord): Promise<void> {
    // A structured clone keeps later mutation of the caller's objects out of the stored record, as a database would.
    this.cache.set(id, structuredClone(record));
  }

  async get(id: string, now: Date): Promise<CursorRecord | null> {
    const record = this.cache.get(id);
    if (!record) return null;
    if (Date.parse(record.expiresAt) <= now.getTime()) {
      this.cache.delete(id);
      return null;
    }
    return structuredClone(record);
  }

  get size(): number {
    return this.cache.size;
  }
}
