import type { Queryable } from '../store/types.ts';

// Per-client request budgets that every replica on one PostgreSQL database shares, exactly: replicas take quota from
// the rate_limits table in leases (migrations 005, 006: key, points taken in the window, window end in epoch ms) and
// admit requests locally against what they hold. One upsert takes a lease atomically and never past the limit, so
// the requests all replicas admit in a window never exceed it, however they interleave.
//
// A request this process holds no lease for waits for the table: one statement for every request waiting at that
// moment (a group commit). Far below the limit (the window's total under half of it) a lease also takes `limit/20`
// more, when that is 5 or more, so a busy client costs one statement per that many requests; near the limit each
// request is counted in the table. What a replica holds and does not use is lost at the window's end: a client that
// stops visiting it may be refused that many requests (at most limit/20) early.
// The wait is bounded by the caller (rate-limit.ts), which then decides locally; the count still reaches the table.

export type CountResult = { allowed: true } | { allowed: false; msBeforeNext: number };

interface Ticket {
  key: string;
  cost: number;
  resolve: (result: CountResult) => void;
  reject: (error: unknown) => void;
}

/** What this process holds of a key's window: quota leased and not used, and whether the table has no more. */
interface Lease {
  left: number;
  expire: number;
  total: number;
  exhausted: boolean;
}

// A new key, or a window that has ended, starts a window with the asked quota; otherwise the quota is taken up to
// the limit ($5). Every SET expression reads the row as it was, so `granted` is what this statement took.
const take = `
  INSERT INTO rate_limits AS r (key, points, expire, granted)
  SELECT k, w, $3::bigint, w FROM unnest($1::varchar[], $2::int[]) AS t(k, w)
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN r.expire IS NULL OR r.expire <= $4 THEN EXCLUDED.points
                  ELSE r.points + LEAST(EXCLUDED.points, GREATEST(0, $5 - r.points)) END,
    granted = CASE WHEN r.expire IS NULL OR r.expire <= $4 THEN EXCLUDED.points
                   ELSE LEAST(EXCLUDED.points, GREATEST(0, $5 - r.points)) END,
    expire = CASE WHEN r.expire IS NULL OR r.expire <= $4 THEN EXCLUDED.expire ELSE r.expire END
  RETURNING key, points, expire, granted`;

const cleanupEveryMs = 600_000;
const keepEndedMs = 3_600_000;

export interface SharedCounterOptions {
  now?: () => number;
  /** Told when the hourly deletion of ended windows fails (it is tried again later). */
  onCleanupError?: (error: unknown) => void;
}

export class SharedCounter {
  readonly #db: Queryable;
  readonly #durationMs: number;
  readonly #limit: number;
  readonly #prefetch: number;
  readonly #now: () => number;
  readonly #onCleanupError: (error: unknown) => void;
  readonly #leases = new Map<string, Lease>();
  #queue: Ticket[] = [];
  #drained: Promise<void> | null = null;
  #lastCleanup = 0;

  constructor(db: Queryable, durationS: number, limit: number, options: SharedCounterOptions = {}) {
    this.#db = db;
    this.#durationMs = durationS * 1000;
    this.#limit = limit;
    const chunk = Math.floor(limit / 20);
    this.#prefetch = chunk >= 5 ? chunk : 0;
    this.#now = options.now ?? Date.now;
    this.#onCleanupError = options.onCleanupError ?? (() => {});
  }

  /** Admits `cost` for `key` from the lease this process holds, or waits for the table. */
  consume(key: string, cost: number): Promise<CountResult> {
    const now = this.#now();
    const lease = this.#leases.get(key);
    if (lease && lease.expire <= now) this.#leases.delete(key);
    else if (lease && lease.left >= cost) {
      lease.left -= cost;
      return Promise.resolve({ allowed: true });
    } else if (lease?.exhausted) {
      return Promise.resolve({ allowed: false, msBeforeNext: this.#untilEnd(lease.expire, now) });
    }
    return new Promise<CountResult>((resolve, reject) => {
      this.#queue.push({ key, cost, resolve, reject });
      if (!this.#drained) this.#drained = this.#drain();
    });
  }

  /** Resolves once no statement is in flight (tests, and a stopping server before its store closes). */
  async sync(): Promise<void> {
    while (this.#drained) await this.#drained;
  }

  async close(): Promise<void> {
    await this.sync();
  }

  // One statement for every ticket waiting, and again while tickets arrived meanwhile. #drained is cleared in the
  // same turn as the last check, so a ticket queued after it starts the next drain.
  async #drain(): Promise<void> {
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
      this.#drained = null;
    }
  }

  // Another replica may have started the window a moment after this one read its clock: never past one window.
  #untilEnd(expire: number, now: number): number {
    return Math.min(this.#durationMs, Math.max(0, expire - now));
  }

  async #send(batch: Ticket[]): Promise<void> {
    const now = this.#now();
    const wants = new Map<string, number>();
    for (const ticket of batch) wants.set(ticket.key, (wants.get(ticket.key) ?? 0) + ticket.cost);
    for (const [key, need] of wants) {
      const lease = this.#leases.get(key);
      const held = lease && lease.expire > now ? lease : undefined;
      const total = held?.total ?? 0;
      const more = total + need + this.#prefetch <= this.#limit / 2 ? this.#prefetch : 0;
      wants.set(key, Math.min(this.#limit, Math.max(0, need - (held?.left ?? 0)) + more));
    }
    // Rows are locked in key order, so two replicas' statements never wait on each other in a cycle.
    const keys = [...wants.keys()].sort();
    if (keys.length > 0) {
      const rows = await this.#db.query<{ key: string; points: number; expire: string; granted: number }>(take, [
        keys,
        keys.map((key) => wants.get(key)),
        now + this.#durationMs,
        now,
        this.#limit,
      ]);
      for (const row of rows) {
        const expire = Number(row.expire);
        const lease = this.#leases.get(row.key);
        const left = (lease && lease.expire === expire ? lease.left : 0) + Number(row.granted);
        const exhausted = Number(row.granted) < (wants.get(row.key) ?? 0);
        this.#leases.set(row.key, { left, expire, total: Number(row.points), exhausted });
      }
    }
    // Tickets take from the lease in arrival order (also those whose caller stopped waiting: they were let through).
    // Requests let through from the lease while the statement ran may have used what this batch counted on: a ticket
    // is refused only when the table has no more, otherwise it waits for the next statement.
    for (const ticket of batch) {
      const lease = this.#leases.get(ticket.key);
      if (lease && lease.left >= ticket.cost) {
        lease.left -= ticket.cost;
        ticket.resolve({ allowed: true });
      } else if (lease && !lease.exhausted) this.#queue.push(ticket);
      else ticket.resolve({ allowed: false, msBeforeNext: this.#untilEnd(lease?.expire ?? now, now) });
    }
    if (now - this.#lastCleanup > cleanupEveryMs) {
      this.#lastCleanup = now;
      // Rows of windows that ended an hour ago belong to clients that did not come back; nobody waits for this.
      void this.#db.query('DELETE FROM rate_limits WHERE expire < $1', [now - keepEndedMs]).catch(this.#onCleanupError);
    }
  }
}
