import type { Queryable } from '../store/types.ts';

// Per-client request counts that every replica on one PostgreSQL database shares (table rate_limits, migration 005:
// key, points used in the window, expire = the window's end in epoch ms).
//
// Exact near the limit, cheap far from it. A client whose window total, as this process last saw it plus what it
// has let through since, stays within half its limit is let through at once, and those counts reach the table in one
// statement per key set at most every `syncMs` (write-behind). Any other request (a client this process has not
// seen in the window, or one past half its limit) waits for the table: one statement for every request waiting at
// that moment (a group commit), carrying the counts not yet written. So a replica can misjudge a client only by what
// other replicas let through in their last `syncMs`, and only where that client is below half its limit.
// Measured: counting every request in the table before answering cost the 1 M PostgreSQL store's nearby answer
// ~25 % of its requests per second (a statement per few requests, and the database's CPU on a two-core machine).

export type CountResult = { allowed: true } | { allowed: false; msBeforeNext: number };

interface Ticket {
  key: string;
  cost: number;
  limit: number;
  resolve: (result: CountResult) => void;
  reject: (error: unknown) => void;
}

/** What this process knows of a key's window: the table's total when last read, and counts not yet written. */
interface KeyView {
  total: number;
  expire: number;
  unsent: number;
}

// A new key, or a window that has ended, starts a window; otherwise the points add up. Returns the totals.
const upsert = `
  INSERT INTO rate_limits (key, points, expire)
  SELECT * FROM unnest($1::varchar[], $2::int[], $3::bigint[])
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN rate_limits.expire IS NULL OR rate_limits.expire <= $4 THEN EXCLUDED.points
                  ELSE rate_limits.points + EXCLUDED.points END,
    expire = CASE WHEN rate_limits.expire IS NULL OR rate_limits.expire <= $4 THEN EXCLUDED.expire
                  ELSE rate_limits.expire END
  RETURNING key, points, expire`;

const cleanupEveryMs = 600_000;
const keepEndedMs = 3_600_000;
/** Share of the limit a client may use before each of its requests waits for the table. */
const localShare = 0.5;

export interface SharedCounterOptions {
  now?: () => number;
  /** Longest a count let through at once waits before it is written (default 100 ms). */
  syncMs?: number;
}

export class SharedCounter {
  readonly #db: Queryable;
  readonly #durationMs: number;
  readonly #now: () => number;
  readonly #syncMs: number;
  readonly #views = new Map<string, KeyView>();
  #queue: Ticket[] = [];
  #running = false;
  #drained: Promise<void> = Promise.resolve();
  #syncTimer: NodeJS.Timeout | undefined;
  #closed = false;
  #lastCleanup = 0;

  constructor(db: Queryable, durationS: number, options: SharedCounterOptions = {}) {
    this.#db = db;
    this.#durationMs = durationS * 1000;
    this.#now = options.now ?? Date.now;
    this.#syncMs = options.syncMs ?? 100;
  }

  /** Counts `cost` for `key` (also when refused, as rate limiters do); refused once the window's total is over `limit`. */
  consume(key: string, cost: number, limit: number): Promise<CountResult> {
    const view = this.#views.get(key);
    if (view && view.expire > this.#now() && view.total + view.unsent + cost <= limit * localShare) {
      view.unsent += cost;
      this.#scheduleSync();
      return Promise.resolve({ allowed: true });
    }
    return new Promise((resolve, reject) => {
      this.#queue.push({ key, cost, limit, resolve, reject });
      if (!this.#running) void this.#drain();
    });
  }

  /** Writes the counts let through but not yet written (also done by itself within `syncMs`). */
  async sync(): Promise<void> {
    clearTimeout(this.#syncTimer);
    this.#syncTimer = undefined;
    while (this.#running) await this.#drained;
    if (this.#hasUnsent()) await this.#drain();
  }

  /** Writes what is unsent and stops writing behind (a stopping server, before its store closes). */
  async close(): Promise<void> {
    this.#closed = true;
    await this.sync();
  }

  #scheduleSync(): void {
    if (this.#syncTimer || this.#closed) return;
    this.#syncTimer = setTimeout(() => {
      this.#syncTimer = undefined;
      if (!this.#running) void this.#drain();
    }, this.#syncMs);
    this.#syncTimer.unref();
  }

  // Sends one statement, carrying every unsent count, and more while requests wait; counts let through meanwhile wait
  // for the sync timer (under steady load there always are some: sending them at once would be a statement every
  // round trip). #running is cleared in the same turn as the last check, so a request queued after it starts the next
  // drain.
  #drain(): Promise<void> {
    this.#running = true;
    this.#drained = (async () => {
      try {
        do {
          const batch = this.#queue;
          this.#queue = [];
          try {
            await this.#send(batch);
          } catch (error) {
            // Its counts went back to unsent: they are tried again by the sync timer or the next waiting request.
            for (const ticket of batch) ticket.reject(error);
          }
        } while (this.#queue.length > 0);
      } finally {
        this.#running = false;
        if (this.#hasUnsent()) this.#scheduleSync();
      }
    })();
    return this.#drained;
  }

  #hasUnsent(): boolean {
    for (const view of this.#views.values()) if (view.unsent > 0) return true;
    return false;
  }

  async #send(batch: Ticket[]): Promise<void> {
    const now = this.#now();
    const sums = new Map<string, number>();
    const taken = new Map<string, number>();
    for (const [key, view] of this.#views) {
      if (view.expire <= now) this.#views.delete(key);
      else if (view.unsent > 0) {
        sums.set(key, view.unsent);
        taken.set(key, view.unsent);
        view.unsent = 0;
      }
    }
    for (const ticket of batch) sums.set(ticket.key, (sums.get(ticket.key) ?? 0) + ticket.cost);
    if (sums.size === 0) return;
    const keys = [...sums.keys()];
    let rows: { key: string; points: number; expire: string | number }[];
    try {
      rows = await this.#db.query(upsert, [keys, [...sums.values()], keys.map(() => now + this.#durationMs), now]);
    } catch (error) {
      for (const [key, unsent] of taken) this.#unsend(key, unsent);
      throw error;
    }
    const totals = new Map(rows.map((row) => [row.key, { points: Number(row.points), expire: Number(row.expire) }]));
    for (const [key, total] of totals) {
      const view = this.#views.get(key);
      if (view) {
        view.total = total.points;
        view.expire = total.expire;
      } else this.#views.set(key, { total: total.points, expire: total.expire, unsent: 0 });
    }
    // The batch's requests take the counts just below each key's new total, in arrival order.
    const counted = new Map(keys.map((key) => [key, (totals.get(key)?.points ?? 0) - (sums.get(key) ?? 0)]));
    for (const [key, unsent] of taken) counted.set(key, (counted.get(key) ?? 0) + unsent);
    for (const ticket of batch) {
      const count = (counted.get(ticket.key) ?? 0) + ticket.cost;
      counted.set(ticket.key, count);
      const expire = totals.get(ticket.key)?.expire ?? now;
      ticket.resolve(count <= ticket.limit ? { allowed: true } : { allowed: false, msBeforeNext: expire - now });
    }
    if (now - this.#lastCleanup > cleanupEveryMs) {
      this.#lastCleanup = now;
      // Rows of windows that ended an hour ago belong to clients that did not come back.
      await this.#db.query('DELETE FROM rate_limits WHERE expire < $1', [now - keepEndedMs]);
    }
  }

  // Counts a failed statement did not write go back to be written by the next one.
  #unsend(key: string, unsent: number): void {
    const view = this.#views.get(key);
    if (view) view.unsent += unsent;
  }
}
