// Whether the store answers. The PostgreSQL driver marks it down when a statement gets no answer in time or a
// connection cannot be made, and up when a probe (or any statement) succeeds again; PGlite lives in the process and
// is always up. Readers: the rate limiter (it stops waiting for a store that is down), readiness and the start-up
// log. `storeUnavailable` is the one error a caller gets while it is down.
import { EventEmitter } from 'node:events';
import { ApiError } from '../errors.ts';

export type StoreHealthState = 'up' | 'down';

export interface StoreHealthChange {
  state: StoreHealthState;
  /** Why it went down (the driver's error message); absent when up. */
  reason?: string;
}

/** Seconds a client is told to wait while the store is down: about one probe interval. */
export const storeRetryAfterS = 2;

export class StoreHealth extends EventEmitter<{ change: [StoreHealthChange] }> {
  #state: StoreHealthState;
  #reason: string | undefined;
  #since = Date.now();

  constructor(initial: StoreHealthState = 'up', reason?: string) {
    super();
    this.#state = initial;
    this.#reason = reason;
  }

  get state(): StoreHealthState {
    return this.#state;
  }

  get isUp(): boolean {
    return this.#state === 'up';
  }

  /** What /readyz and logs show: state, since when (epoch ms) and, when down, why. */
  snapshot(): { state: StoreHealthState; since: number; reason?: string } {
    return { state: this.#state, since: this.#since, ...(this.#reason ? { reason: this.#reason } : {}) };
  }

  markDown(reason: string): void {
    if (this.#state === 'down') return;
    this.#set('down', reason);
  }

  markUp(): void {
    if (this.#state === 'up') return;
    this.#set('up', undefined);
  }

  #set(state: StoreHealthState, reason: string | undefined): void {
    this.#state = state;
    this.#reason = reason;
    this.#since = Date.now();
    this.emit('change', { state, ...(reason ? { reason } : {}) });
  }
}

export function storeUnavailable(cause?: unknown): ApiError {
  return new ApiError('store_unavailable', 'The data store is temporarily unavailable; retry shortly.', {
    retryAfterS: storeRetryAfterS,
    ...(cause === undefined ? {} : { cause }),
  });
}
