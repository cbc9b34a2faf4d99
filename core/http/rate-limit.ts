import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../errors.ts';
import type { StoreHealth } from '../store/health.ts';
import type { Queryable } from '../store/types.ts';
import { type CountResult, SharedCounter } from './shared-counter.ts';

// Per-IP request budgets. Bucket names and sizes come from the specs' `x-rate-limits`; RATE_LIMIT_FACTOR multiplies
// every bucket (for fuzzing runs only). On PostgreSQL the budgets live in the rate_limits table, so replicas behind
// one load balancer count a client once and exactly (shared-counter.ts: leases). A request waits for that table at
// most `sharedWaitMs`, and not at all while the store is down: then this process's own counters decide, so during
// an outage each replica admits up to the limit by itself (a limiter must not turn an outage into refusals or
// stalls).

/**
 * Longest a request waits for the shared table before its own process decides (a round trip is ~1 ms; a saturated
 * two-core machine was measured to need several hundred ms at times). Its count still goes to the table.
 */
export const sharedWaitMs = 1000;

export interface BucketSpec {
  points: number;
  duration_s: number;
}

/** The store the shared counters live in, with its health when it has one. */
export type SharedStore = Queryable & { health?: StoreHealth };

interface Limiter {
  /** Resolves when allowed; rejects with a RateLimiterRes (msBeforeNext) when the budget is spent. */
  consume(key: string, points: number): Promise<unknown>;
  /** Waits for statements in flight (shared counters). */
  sync?(): Promise<void>;
  close?(): Promise<void>;
}

const waited = Symbol('waited');

// Resolves with `waited` after `ms`, checked after pending I/O (setImmediate runs after the poll phase), so that an
// answer already received but not yet read wins over a timer that fell due meanwhile.
function waitBound(ms: number): { expired: Promise<typeof waited>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  const expired = new Promise<typeof waited>((resolve) => {
    timer = setTimeout(() => (immediate = setImmediate(() => resolve(waited))), ms);
  });
  const cancel = () => {
    clearTimeout(timer);
    clearImmediate(immediate);
  };
  return { expired, cancel };
}

function sharedLimiter(counter: SharedCounter, memory: RateLimiterMemory, health?: StoreHealth): Limiter {
  return {
    sync: () => counter.sync(),
    close: () => counter.close(),
    async consume(key, cost) {
      if (health && !health.isUp) return memory.consume(key, cost);
      const bound = waitBound(sharedWaitMs);
      let counted: CountResult | typeof waited;
      try {
        counted = await Promise.race([counter.consume(key, cost), bound.expired]);
      } catch {
        counted = waited;
      } finally {
        bound.cancel();
      }
      if (counted === waited) return memory.consume(key, cost);
      if (!counted.allowed) throw new RateLimiterRes(0, counted.msBeforeNext);
    },
  };
}

function makeLimiter(name: string, points: number, duration: number, shared?: SharedStore): Limiter {
  const memory = new RateLimiterMemory({ keyPrefix: name, points, duration });
  if (!shared) return memory;
  const limiter = sharedLimiter(new SharedCounter(shared, duration, points), memory, shared.health);
  return { consume: (key, cost) => limiter.consume(`${name}:${key}`, cost), sync: limiter.sync, close: limiter.close };
}

export class RateLimits {
  private readonly limiters = new Map<string, { limiter: Limiter; spec: BucketSpec }>();

  /** `shared`: the PostgreSQL store whose rate_limits table every replica uses; absent, counters are per process. */
  constructor(buckets: Record<string, BucketSpec>, factor: number, shared?: SharedStore) {
    for (const [name, spec] of Object.entries(buckets)) {
      const limiter = makeLimiter(name, spec.points * factor, spec.duration_s, shared);
      this.limiters.set(name, { limiter, spec });
    }
  }

  /** Waits for the shared counters' statements in flight. */
  async sync(): Promise<void> {
    await Promise.all([...this.limiters.values()].map(({ limiter }) => limiter.sync?.()));
  }

  /** Call when stopping, before the store closes. */
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
