/**
 * Pages already answered, kept for a short while: the same request (after defaults, with the same cursor) within the
 * TTL is answered from here with `cached: true`, no new judge calls and zero counted work. Clients retrying a request,
 * or a browser going back a page, then cost nothing. Per process; a page never outlives the cursor it continued.
 *
 * Pages are kept serialised (v8.serialize: what structuredClone keeps) in a cache bounded in bytes, and dropped when
 * their TTL ends: as objects, a page of 24 results held ~55 KB of JavaScript heap, and 444 cached pages left ~24 MB
 * live (and the old space fragmented around it) long after they could be served.
 */
import { deserialize, serialize } from 'node:v8';
import { LRUCache } from 'lru-cache';
import type { Binding } from './request.ts';

export const PAGE_CACHE_TTL_S = 60;

export interface PageCacheOptions {
  /** Seconds a page stays servable (default 60). */
  ttlS?: number;
  /** Most pages kept; the least recently used go first (default 1000). */
  max?: number;
  /** Most bytes of serialised pages kept (default 16 MiB: ~550 pages of 24 results, 25-32 KB each). */
  maxBytes?: number;
}

/** What identifies a page: the conditions after defaults, the cursor, and what the interpretation depends on. */
export function pageCacheKey(binding: Binding, cursor: string | null, yearsSent: boolean, now: Date): string {
  return JSON.stringify([binding, cursor, yearsSent, now.getUTCFullYear()]);
}

interface Entry {
  page: Uint8Array;
  validUntil: number;
}

export class PageCache<P> {
  private readonly cache: LRUCache<string, Entry>;
  private readonly ttlMs: number;

  constructor(options: PageCacheOptions = {}) {
    this.ttlMs = (options.ttlS ?? PAGE_CACHE_TTL_S) * 1000;
    this.cache = new LRUCache<string, Entry>({
      max: options.max ?? 1000,
      maxSize: options.maxBytes ?? 16 * 1024 * 1024,
      sizeCalculation: (entry, key) => entry.page.byteLength + key.length + 64,
      // The clock of the requests decides validity (below); this only frees entries that can no longer be served.
      ttl: this.ttlMs,
      ttlAutopurge: true,
    });
  }

  /** A copy of the page kept under `key`, or null when none is valid at `now`. */
  get(key: string, now: Date): P | null {
    const entry = this.cache.get(key);
    if (!entry) return null;
    if (now.getTime() >= entry.validUntil || now.getTime() < entry.validUntil - this.ttlMs) {
      this.cache.delete(key);
      return null;
    }
    return deserialize(entry.page) as P;
  }

  /** Keeps a copy of `page` until `now` + TTL, or until `notAfter` (the expiry of the cursor it continued) if sooner. */
  set(key: string, page: P, now: Date, notAfter: number = Number.POSITIVE_INFINITY): void {
    const validUntil = Math.min(now.getTime() + this.ttlMs, notAfter);
    // Copied into a buffer of its own and exact length: the serialiser's may be twice as large as what it holds, and
    // Buffer.from would put a small page in a shared 8 KB slab that the cache would then keep alive.
    if (validUntil > now.getTime()) this.cache.set(key, { page: new Uint8Array(serialize(page)), validUntil });
  }
}
