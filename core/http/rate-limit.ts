import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/types.ts';
import { type CountResult, SharedCounter } from './shared-counter.ts';

// Per-IP request budgets. Bucket names and sizes come from the specs' `x-rate-limits`; RATE_LIMIT_FACTOR multiplies
// every bucket (for fuzzing runs only). On PostgreSQL the counters live in the rate_limits table (migration 005), so
// replicas behind one load balancer count a client once (shared-counter.ts: synced in batches, exact near the
// limit); when that table cannot be reached, each process falls back to its own counters rather than refusing traffic.

export interface BucketSpec {
  points: number;
  duration_s: number;
}

interface Limiter {
  /** Resolves when allowed; rejects with a RateLimiterRes (msBeforeNext) when the budget is spent. */
  consume(key: string, points: number): Promise<unknown>;
  /** Writes counts not yet written (shared counters); close also stops writing behind. */
  sync?(): Promise<void>;
  close?(): Promise<void>;
}

// On PostgreSQL: the shared counter (shared-counter.ts), and this process's own counters whenever the database
// cannot be reached (a limiter must not turn an outage into refusals).
function sharedLimiter(counter: SharedCounter, points: number, memory: RateLimiterMemory): Limiter {
  return {
    sync: () => counter.sync(),
    close: () => counter.close(),
    async consume(key, cost) {
      let result: CountResult;
      try {
        result = await counter.consume(key, cost, points);
      } catch {
        return memory.consume(key, cost);
      }
      if (!result.allowed) throw new RateLimiterRes(0, result.msBeforeNext);
    },
  };
}

function makeLimiter(name: string, points: number, duration: number, shared?: Queryable): Limiter {
  const memory = new RateLimiterMemory({ keyPrefix: name, points, duration });
  if (!shared) return memory;
  const limiter = sharedLimiter(new SharedCounter(shared, duration), points, memory);
  return { consume: (key, cost) => limiter.consume(`${name}:${key}`, cost), sync: limiter.sync, close: limiter.close };
}

export class RateLimits {
  private readonly limiters = new Map<string, { limiter: Limiter; spec: BucketSpec }>();

  /** `shared`: the PostgreSQL store whose rate_limits table every replica uses; absent, counters are per process. */
  constructor(buckets: Record<string, BucketSpec>, factor: number, shared?: Queryable) {
    for (const [name, spec] of Object.entries(buckets)) {
      const limiter = makeLimiter(name, spec.points * factor, spec.duration_s, shared);
      this.limiters.set(name, { limiter, spec });
    }
  }

  /** Writes the shared counts not yet written (they are written within 100 ms anyway). */
  async sync(): Promise<void> {
    await Promise.all([...this.limiters.values()].map(({ limiter }) => limiter.sync?.()));
  }

  /** Writes the shared counts not yet written and stops writing behind; call when stopping, before the store closes. */
  async close(): Promise<void> {
    await Promise.all([...this.limiters.values()].map(({ limiter }) => limiter.close?.()));
  }

  has(bucket: string): boolean {
    return this.limiters.has(bucket);
  }

  // Resolves when the client may go on; throws rate_limited with the seconds until the bucket refills otherwise.
  async consume(bucket: string, clientKey: string, points = 1): Promise<void> {
    const entry = this.limiters.get(bucket);
    if (!entry) throw new Error(`rate limit bucket ${bucket} is not declared in x-rate-limits`);
    try {
      await entry.limiter.consume(clientKey, points);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfterS = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new ApiError(
        'rate_limited',
        `Too many requests: at most ${entry.spec.points} per ${entry.spec.duration_s} s per IP address; wait and retry`,
        { retryAfterS },
      );
    }
  }
}
