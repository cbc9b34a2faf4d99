// A start whose card records cannot be read (the store down) tries again with a bounded back-off, each attempt once
// the store answers (core/data/cards-retry.ts): nearby must not read pages from the store for the rest of the process.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardRecords } from '../../../core/data/card-records.ts';
import { type CardsRetryPolicy, loadCardsRetrying } from '../../../core/data/cards-retry.ts';
import type { ServedRelease } from '../../../core/data/types.ts';
import { StoreHealth, storeUnavailable } from '../../../core/store/health.ts';
import { captureLog } from '../../helpers/captured-log.ts';

const policy: CardsRetryPolicy = { firstDelayMs: 1000, maxDelayMs: 4000, maxAttempts: 6 };

/**
 * A store that answers nothing while down and, once up, fails `failuresWhenUp` more reads (a database still
 * recovering) before the card records come; `attempts` holds the (fake) time of every read.
 */
function recoveringStore(state: 'up' | 'down', failuresWhenUp: number) {
  const health = new StoreHealth(state, state === 'down' ? 'connection refused' : undefined);
  const attempts: number[] = [];
  let failuresLeft = failuresWhenUp;
  const release = {
    record: { release_id: 'r1' },
    store: { health },
    scenes: { cards: null as CardRecords | null },
  } as unknown as ServedRelease;
  const load = async (target: ServedRelease) => {
    attempts.push(Date.now());
    if (!health.isUp) throw storeUnavailable();
    if (failuresLeft-- > 0) throw new Error('the database system is starting up');
    target.scenes.cards = { count: 2 } as CardRecords;
  };
  return { health, attempts, release, load };
}

const messages = (lines: Record<string, unknown>[]) => lines.map((line) => `${line.level} ${line.msg}`);

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('card records whose load fails', () => {
  it('are loaded once the store is back, with no attempt while it is down', async () => {
    const store = recoveringStore('down', 0);
    const { log, lines } = captureLog();
    await loadCardsRetrying(store.release, { snapshotDir: null, log, policy, load: store.load });
    expect(store.release.scenes.cards).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(store.attempts).toEqual([0]);
    store.health.markUp();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.attempts).toEqual([0, 60_000]);
    expect(store.release.scenes.cards?.count).toBe(2);
    expect(messages(lines)).toEqual([
      'warn card columns not loaded: nearby reads pages from the store until a retry loads them',
      'info card columns loaded on a retry: nearby answers from memory',
    ]);
  });

  it('are tried again after a doubling wait, capped, while the store keeps failing', async () => {
    const store = recoveringStore('up', 4);
    const { log, lines } = captureLog();
    await loadCardsRetrying(store.release, { snapshotDir: null, log, policy, load: store.load });
    await vi.advanceTimersByTimeAsync(20_000);
    // Reads at 0 and then after 1 s, 2 s, 4 s and 4 s (the cap): the fifth read finds the records.
    expect(store.attempts).toEqual([0, 1000, 3000, 7000, 11_000]);
    expect(store.release.scenes.cards?.count).toBe(2);
    const retries = lines.filter((line) => line.msg === 'card columns retry failed');
    expect(retries.map((line) => [line.attempt, line.retry_in_ms])).toEqual([
      [2, 2000],
      [3, 4000],
      [4, 4000],
    ]);
  });

  it('are given up after the last attempt, with one error line', async () => {
    const store = recoveringStore('up', Number.POSITIVE_INFINITY);
    const { log, lines } = captureLog();
    await loadCardsRetrying(store.release, { snapshotDir: null, log, policy, load: store.load });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(store.attempts).toHaveLength(policy.maxAttempts);
    expect(store.release.scenes.cards).toBeNull();
    expect(lines.filter((line) => line.level === 'error').map((line) => line.attempts)).toEqual([policy.maxAttempts]);
  });

  it('are not read again once loaded', async () => {
    const store = recoveringStore('up', 0);
    await loadCardsRetrying(store.release, { snapshotDir: null, policy, load: store.load });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(store.attempts).toEqual([0]);
  });
});
