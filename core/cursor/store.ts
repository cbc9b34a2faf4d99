/**
 * Where continuation cursors live. A record holds the request it is bound to and the JSON-serialisable state of the
 * search (stream positions, ids already served, ranked results not yet shown), so any replica with the same store
 * can continue. The in-process store is an lru-cache with a TTL; a PostgreSQL store implements the same interface
 * (a table keyed by cursor id with a jsonb record and an expires_at column).
 */
import { deserialize, serialize } from 'node:v8';
import { LRUCache } from 'lru-cache';
import { cursorEvictions } from '../ops/metrics.ts';
import { searchLimits } from '../scenery-search/contract.ts';

/** How long a cursor continues its search: the spec's limit (scenery-search SearchLimits.cursor_ttl_s). */
export const CURSOR_TTL_S = searchLimits.cursor_ttl_s;

export interface CursorRecord<S = unknown> {
  /** The conditions the cursor is bound to, after defaults (compared field by field on use). */
  binding: Record<string, unknown>;
  state: S;
  /** The data release the search ran on; a cursor is only continued on that release. Absent: any release. */
  release?: string;
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
  /** Most bytes of serialised records kept (default 64 MiB: ~9 000 scenery search cursors of 6.5-8 KB). */
  maxBytes?: number;
}

interface StoredRecord {
  /** The record as v8.serialize writes it: a copy, as a database would keep, and off the JavaScript heap. */
  bytes: Uint8Array;
  expiresAt: number;
}

export class MemoryCursorStore implements CursorStore {
  private readonly cache: LRUCache<string, StoredRecord>;

  constructor(options: MemoryCursorStoreOptions = {}) {
    // Bounded in bytes as well as in number: a search cursor held as objects took ~10 KB of heap, so 20 000 of them
    // would have been ~200 MB. The TTL frees memory; the authoritative expiry check is against the record's
    // expiresAt and the caller's clock.
    this.cache = new LRUCache<string, StoredRecord>({
      max: options.max ?? 20_000,
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (stored, id) => stored.bytes.byteLength + id.length + 64,
      ttl: CURSOR_TTL_S * 1000,
      ttlAutopurge: false,
      dispose: (_stored, _id, reason) => {
        if (reason === 'evict') cursorEvictions.inc({ reason: 'evicted' });
      },
    });
  }

  async put(id: string, record: CursorRecord): Promise<void> {
    // Copied into a buffer of its own and exact length: the serialiser's may be twice as large as what it holds, and
    // Buffer.from would put a small record in a shared 8 KB slab that the cache would then keep alive.
    this.cache.set(id, { bytes: new Uint8Array(serialize(record)), expiresAt: Date.parse(record.expiresAt) });
  }

  async get(id: string, now: Date): Promise<CursorRecord | null> {
    const stored = this.cache.get(id);
    if (!stored) return null;
    if (stored.expiresAt <= now.getTime()) {
      this.cache.delete(id);
      return null;
    }
    return deserialize(stored.bytes) as CursorRecord;
  }

  get size(): number {
    return this.cache.size;
  }
}
