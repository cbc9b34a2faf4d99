/**
 * Pages already answered, kept for a short while: the same request (after defaults, with the same cursor) within the
 * TTL is answered from here with `cached: true`, no new judge calls and zero counted work. Clients retrying a request,
 * or a browser going back a page, then cost nothing. Per process; a page never outlives the cursor it continued.
 */
import { LRUCache } from 'lru-cache';
import type { Binding } from './request.ts';

export const PAGE_CACHE_TTL_S = 60;

export interface PageCacheOptions {
  /** Seconds a page stays servable (default 60). */
  ttlS?: number;
  /** Most pages kept; the least recently used go first (default 1000). */
  max?: number;
}

/** What identifies a page: the conditions after defaults, the cursor, and what the interpretation depends on. */
export function pageCacheKey(binding: Binding, cursor: string | null, yearsSent: boolean, now: Date): string {
  return JSON.stringify([binding, cursor, yearsSent, now.getUTCFullYear()]);
}

export class PageCache<P> {
  private readonly cache: LRUCache<string, { page: P; validUntil: number }>;
  private readonly ttlMs: number;

  constructor(options: PageCacheOptions = {}) {
    this.ttlMs = (options.ttlS ?? PAGE_CACHE_TTL_S) * 1000;
    this.cache = new LRUCache({ max: options.max ?? 1000 });
  }

  /** A copy of the page kept under `key`, or null when none is valid at `now`. */
  get(key: string, now: Date): P | null {
    const entry = this.cache.get(key);
    if (!entry) return null;
    if (now.getTime() >= entry.validUntil || now.getTime() < entry.validUntil - this.ttlMs) {
      this.cache.delete(key);
      return null;
    }
    return structuredClone(entry.page);
  }

  /** Keeps a copy of `page` until `now` + TTL, or until `notAfter` (the expiry of the cursor it continued) if sooner. */
  set(key: string, page: P, now: Date, notAfter: number = Number.POSITIVE_INFINITY): void {
    const validUntil = Math.min(now.getTime() + this.ttlMs, notAfter);
    if (validUntil > now.getTime()) this.cache.set(key, { page: structuredClone(page), validUntil });
  }
}
