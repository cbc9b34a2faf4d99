import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openStore } from '../../../core/store/open.ts';
import { type Store, wholeTable } from '../../../core/store/types.ts';

// A read of a whole table (start-up, a live switch, ingest's snapshots) is bounded by the bulk deadline, not a
// request's: at 1 M scenes on a loaded database it can take longer than STORE_TIMEOUT_MS, and neither failing it nor
// marking the store down would be right. PostgreSQL only: PGlite has no deadlines.

const storeOptions = inject('testStore');
const onPostgres = Boolean(storeOptions.databaseUrl);
const timeoutMs = 300;
let store: Store;

beforeAll(async () => {
  if (!onPostgres) return;
  store = await openStore({ ...storeOptions, timeoutMs, maxConnections: 1 });
});
afterAll(() => store?.close());

describe.skipIf(!onPostgres)('the deadline of a whole-table read', () => {
  it('a request-path statement longer than STORE_TIMEOUT_MS fails; a whole-table one is answered', async () => {
    await expect(store.query('SELECT pg_sleep(0.6)')).rejects.toMatchObject({ code: 'store_unavailable' });
    await waitUntilUp(store);
    const [row] = await store.query<{ answer: number }>('SELECT 42 AS answer FROM pg_sleep(0.6)', [], wholeTable);
    expect(row?.answer).toBe(42);
    expect(store.health.isUp).toBe(true);
  });

  it('a whole-table read waits for a busy pool longer than a request may wait for a connection', async () => {
    // The pool's one connection is held for twice a request's deadline by another whole-table read.
    const holding = store.query('SELECT pg_sleep(0.7)', [], wholeTable);
    const started = performance.now();
    const [row] = await store.query<{ answer: number }>('SELECT 7 AS answer', [], wholeTable);
    expect(row?.answer).toBe(7);
    expect(performance.now() - started).toBeGreaterThan(timeoutMs);
    await holding;
    expect(store.health.isUp).toBe(true);
  });
});

async function waitUntilUp(target: Store): Promise<void> {
  for (let i = 0; i < 100 && !target.health.isUp; i++) await new Promise((r) => setTimeout(r, 50));
  expect(target.health.isUp).toBe(true);
}
