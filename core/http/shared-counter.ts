import type { Queryable } from '../store/types.ts';

// Per-client request counts that every replica on one PostgreSQL database shares (table rate_limits, migration 005:
// key, points used in the window, expire = the window's end in epoch ms), counted in the database before each answer
// but with one statement for all the requests waiting at that moment (a group commit): while a statement is out,
// arriving requests queue, and the next statement carries them all. Under load that is one round trip for dozens of
// requests instead of one each. Measured before (one upsert per request through rate-limiter-flexible, 1 M scenes,
// PostgreSQL store, load ~3): /v1/amenities/nearby answered 563 requests/s against 2 071 on the embedded store.

export type CountResult = { allowed: true } | { allowed: false; msBeforeNext: number };

interface Ticket {
  key: string;
  cost: number;
  limit: number;
  resolve: (result: CountResult) => void;
  reject: (error: unknown) => void;
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

export class SharedCounter {
  readonly #db: Queryable;
  readonly #durationMs: number;
  readonly #now: () => number;
  #queue: Ticket[] = [];
  #running = false;
  #lastCleanup = 0;

  constructor(db: Queryable, durationS: number, now: () => number = Date.now) {
    this.#db = db;
    this.#durationMs = durationS * 1000;
    this.#now = now;
  }

  /** Counts `cost` for `key` (also when refused, as rate limiters do); refused once the window's total is over `limit`. */
  consume(key: string, cost: number, limit: number): Promise<CountResult> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ key, cost, limit, resolve, reject });
      if (!this.#running) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue;
        this.#queue = [];
        try {
          await this.#send(batch);
        } catch (error) {
          for (const ticket of batch) ticket.reject(error);
        }
      }
    } finally {
      this.#running = false;
    }
  }

  async #send(batch: Ticket[]): Promise<void> {
    const now = this.#now();
    const sums = new Map<string, number>();
    for (const ticket of batch) sums.set(ticket.key, (sums.get(ticket.key) ?? 0) + ticket.cost);
    const keys = [...sums.keys()];
    const rows = await this.#db.query<{ key: string; points: number; expire: string | number }>(upsert, [
      keys,
      keys.map((key) => sums.get(key)),
      keys.map(() => now + this.#durationMs),
      now,
    ]);
    const totals = new Map(rows.map((row) => [row.key, row]));
    // The batch's requests take the counts just below each key's new total, in arrival order.
    const counted = new Map(keys.map((key) => [key, (totals.get(key)?.points ?? 0) - (sums.get(key) ?? 0)]));
    for (const ticket of batch) {
      const count = (counted.get(ticket.key) ?? 0) + ticket.cost;
      counted.set(ticket.key, count);
      const expire = Number(totals.get(ticket.key)?.expire ?? now);
      ticket.resolve(count <= ticket.limit ? { allowed: true } : { allowed: false, msBeforeNext: expire - now });
    }
    if (now - this.#lastCleanup > cleanupEveryMs) {
      this.#lastCleanup = now;
      // Rows of windows that ended an hour ago belong to clients that did not come back.
      await this.#db.query('DELETE FROM rate_limits WHERE expire < $1', [now - keepEndedMs]);
    }
  }
}
