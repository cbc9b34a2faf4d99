import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../errors.ts';

// Per-IP request budgets. Bucket names and sizes come from the specs' `x-rate-limits`; RATE_LIMIT_FACTOR multiplies
// every bucket (for fuzzing runs only).

export interface BucketSpec {
  points: number;
  duration_s: number;
}

export class RateLimits {
  private readonly limiters = new Map<string, { limiter: RateLimiterMemory; spec: BucketSpec }>();

  constructor(buckets: Record<string, BucketSpec>, factor: number) {
    for (const [name, spec] of Object.entries(buckets)) {
      const limiter = new RateLimiterMemory({ points: spec.points * factor, duration: spec.duration_s });
      this.limiters.set(name, { limiter, spec });
    }
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
