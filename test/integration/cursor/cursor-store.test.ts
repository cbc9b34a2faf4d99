// The cursor store suite against the in-process store and the SQL store on every available driver (PGlite always,
// PostgreSQL through pg when TEST_DATABASE_URL is set; see ../store/variants.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlCursorStore } from '../../../core/cursor/sql-store.ts';
import { MemoryCursorStore } from '../../../core/cursor/store.ts';
import type { Store } from '../../../core/store/types.ts';
import { storeVariants } from '../store/variants.ts';
import { describeCursorStoreSuite } from './store-suite.ts';

if (process.env.TEST_STORE !== 'postgres') {
  describeCursorStoreSuite({ name: 'in process (lru-cache)', open: async () => ({ store: new MemoryCursorStore() }) });
}

for (const variant of storeVariants()) {
  describe(variant.name, () => {
    let db: Store;
    beforeAll(async () => {
      db = (await variant.openFresh()).store;
    });
    afterAll(async () => {
      await db?.close();
      await variant.cleanup();
    });

    describeCursorStoreSuite({
      name: `SQL table on ${variant.name}`,
      open: async () => ({ store: new SqlCursorStore(db), twin: async () => new SqlCursorStore(db) }),
    });

    const record = (expiresAt: string) => ({ binding: {}, state: null, issuedAt: '2026-11-21T09:00:00Z', expiresAt });
    const count = async () => Number((await db.query<{ n: number }>('SELECT count(*) AS n FROM search_cursors'))[0]?.n);

    it('deletes expired rows in bounded batches and leaves live ones', async () => {
      await db.exec('DELETE FROM search_cursors');
      // Far-future expiries: the cleanup that issuing runs (on the real clock) must not touch them.
      const store = new SqlCursorStore(db, { cleanupBatch: 2 });
      for (const name of ['e1', 'e2', 'e3']) await store.put(name.padEnd(64, '0'), record('2999-11-21T11:00:00Z'));
      await store.put('live'.padEnd(64, '0'), record('2999-11-21T13:00:00Z'));
      const noon = new Date('2999-11-21T12:00:00Z');
      expect(await store.deleteExpired(noon)).toBe(2);
      expect(await store.deleteExpired(noon)).toBe(1);
      expect(await store.deleteExpired(noon)).toBe(0);
      expect(await count()).toBe(1);
      expect(await store.get('live'.padEnd(64, '0'), noon)).toEqual(record('2999-11-21T13:00:00Z'));
    });

    it('tidies up when it issues, at most once per interval', async () => {
      await db.exec('DELETE FROM search_cursors');
      const store = new SqlCursorStore(db, { cleanupEveryMs: 3_600_000 });
      const expired = record('2020-01-01T01:00:00Z');
      await store.put('old1'.padEnd(64, '0'), expired); // the first put cleans up, after inserting
      await store.idle();
      expect(await count()).toBe(0);
      await store.put('old2'.padEnd(64, '0'), expired); // within the interval: left for later
      await store.idle();
      expect(await count()).toBe(1);
    });

    it('deletes every expired row in one cleanup, faster than searches could issue them', async () => {
      await db.exec('DELETE FROM search_cursors');
      const rows = 20_000;
      await db.query(
        `INSERT INTO search_cursors (id, record, expires_at)
         SELECT lpad(to_hex(n), 64, '0'), '{}', '2020-01-01T00:00:00Z'::timestamptz + n * interval '1 ms'
         FROM generate_series(1, $1::int) AS n`,
        [rows],
      );
      await db.query(`INSERT INTO search_cursors (id, record, expires_at) VALUES ($1, '{}', '2999-01-01T00:00:00Z')`, [
        'live'.padEnd(64, '0'),
      ]);
      const store = new SqlCursorStore(db);
      const started = performance.now();
      expect(await store.deleteAllExpired(new Date('2026-01-01T00:00:00Z'))).toBe(rows);
      const perSecond = Math.round(rows / ((performance.now() - started) / 1000));
      console.info(`cursor cleanup on ${variant.name}: ${perSecond} rows/s`);
      expect(await count()).toBe(1);
      // A cleanup a minute per replica: at this rate it removes far more than a searcher at the limit (20 a minute
      // per address) from tens of thousands of addresses could issue.
      expect(perSecond).toBeGreaterThan(1000);
    });
  });
}
