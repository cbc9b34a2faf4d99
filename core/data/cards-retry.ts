import type { Logger } from '../log.ts';
import type { StoreHealth } from '../store/health.ts';
import { type CardsLoadOptions, loadReleaseCards } from './cards-loader.ts';
import { noTimer } from './startup-timer.ts';
import type { ServedRelease } from './types.ts';

// A release whose card records could not be read (the store down at start or during the read, and no current cards
// snapshot) would have nearby read every page from the store for the rest of the process. The load is tried again
// with a bounded back-off, each attempt once the store answers; a success also writes the cards snapshot, so that a
// later start during an outage has them. Between attempts only a WeakRef to the release is kept: a release switched
// out meanwhile is collected and its retries end.

export interface CardsRetryPolicy {
  /** Wait before the first retry; doubled after each failed one, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Attempts in all, the first load included; then nearby reads the store until the next start or release. */
  maxAttempts: number;
}

export const cardsRetryPolicy: CardsRetryPolicy = { firstDelayMs: 1000, maxDelayMs: 60_000, maxAttempts: 10 };

export interface CardsRetryOptions extends CardsLoadOptions {
  policy?: CardsRetryPolicy;
  /** One load of the card records (by default loadReleaseCards); throws when the store does not answer. */
  load?: (release: ServedRelease, options: CardsLoadOptions) => Promise<void>;
}

interface Retry {
  release: WeakRef<ServedRelease>;
  releaseId: string;
  health: StoreHealth;
  options: CardsRetryOptions & { policy: CardsRetryPolicy; load: NonNullable<CardsRetryOptions['load']> };
}

/** Loads the card records once; when that fails, logs it and resolves, the retries going on in the background. */
export async function loadCardsRetrying(release: ServedRelease, options: CardsRetryOptions): Promise<void> {
  const policy = options.policy ?? cardsRetryPolicy;
  const load = options.load ?? loadReleaseCards;
  try {
    await load(release, options);
    return;
  } catch (error) {
    options.log?.warn(
      { err: error, release_id: release.record.release_id, retry_in_ms: policy.firstDelayMs },
      'card columns not loaded: nearby reads pages from the store until a retry loads them',
    );
  }
  if (policy.maxAttempts <= 1) return;
  const retry: Retry = {
    release: new WeakRef(release),
    releaseId: release.record.release_id,
    health: release.store.health,
    // The start's timer is not passed on: a retry is no start-up phase.
    options: { ...options, timer: noTimer, policy, load },
  };
  schedule(retry, 2, policy.firstDelayMs);
}

function schedule(retry: Retry, attempt: number, delayMs: number): void {
  // Unref'd: a server that stops does not wait for a retry.
  setTimeout(() => whenUp(retry.health, () => void attemptAgain(retry, attempt, delayMs)), delayMs).unref();
}

/** Runs `then` once the store answers (at once when it does now). */
function whenUp(health: StoreHealth, then: () => void): void {
  if (health.isUp) {
    then();
    return;
  }
  const onChange = (change: { state: string }) => {
    if (change.state !== 'up') return;
    health.off('change', onChange);
    then();
  };
  health.on('change', onChange);
}

async function attemptAgain(retry: Retry, attempt: number, delayMs: number): Promise<void> {
  const { options, releaseId } = retry;
  const { policy, log } = options;
  const release = retry.release.deref();
  if (!release || release.scenes.cards) return;
  try {
    await options.load(release, options);
    logLoaded(log, releaseId, attempt, release.scenes.cards !== null);
  } catch (error) {
    if (attempt >= policy.maxAttempts) {
      log?.error(
        { err: error, release_id: releaseId, attempts: attempt },
        'card columns not loaded after the last retry: nearby reads pages from the store until the next start',
      );
      return;
    }
    const next = Math.min(delayMs * 2, policy.maxDelayMs);
    log?.warn({ err: error, release_id: releaseId, attempt, retry_in_ms: next }, 'card columns retry failed');
    schedule(retry, attempt + 1, next);
  }
}

function logLoaded(log: Logger | undefined, releaseId: string, attempt: number, loaded: boolean): void {
  // Not loaded without an error: the release does not fit records (cards-loader.ts logged why); nothing to retry.
  if (loaded)
    log?.info({ release_id: releaseId, attempt }, 'card columns loaded on a retry: nearby answers from memory');
}
