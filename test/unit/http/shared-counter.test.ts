import { describe, expect, it } from 'vitest';
import { type CountResult, SharedCounter } from '../../../core/http/shared-counter.ts';
import type { Queryable, Row } from '../../../core/store/types.ts';

// The shared rate-limit counter: leases taken from one table never exceed the limit across "replicas" (counters on
// one table), refusals past the limit come in arrival order, and one statement serves every request waiting at that
// moment. The fake table does what the upsert does (take up to the limit, report what was taken); the statement
// itself runs on PostgreSQL in test/integration/store/rate-limit-replicas.test.ts.

function fakeTable() {
  const rows = new Map<string, { points: number; expire: number }>();
  const statements: string[] = [];
  const db = {
    async query<R extends Row>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      statements.push(sql.trim().split(/\s+/)[0] as string);
      await new Promise((resolve) => setTimeout(resolve, 2)); // a round trip, so requests queue behind it
      if (sql.trim().startsWith('DELETE')) return [];
      const [keys, wants, expire, now, limit] = params as [string[], number[], number, number, number];
      return keys.map((key, i) => {
        const want = wants[i] as number;
        const row = rows.get(key);
        const fresh = !row || row.expire <= now;
        const granted = fresh ? want : Math.min(want, Math.max(0, limit - row.points));
        const next = fresh ? { points: want, expire } : { points: row.points + granted, expire: row.expire };
        rows.set(key, next);
        return { key, points: next.points, expire: String(next.expire), granted } as unknown as R;
      });
    },
  } as unknown as Queryable;
  return { db, rows, statements };
}

const allowed = (counter: SharedCounter, key = 'ip', cost = 1) => counter.consume(key, cost);
const inserts = (statements: string[]) => statements.filter((statement) => statement === 'INSERT').length;

describe('SharedCounter', () => {
  it('allows exactly the limit of concurrent requests, in arrival order, in few statements', async () => {
    const { db, statements } = fakeTable();
    const counter = new SharedCounter(db, 60, 20);
    const results = await Promise.all(Array.from({ length: 30 }, () => allowed(counter)));
    expect(results.map((result) => result.allowed)).toEqual([...Array(20).fill(true), ...Array(10).fill(false)]);
    const refused = results[29];
    expect(refused?.allowed === false && refused.msBeforeNext).toBeGreaterThan(59_000);
    expect(inserts(statements)).toBeLessThanOrEqual(2);
  });

  it('counts a client once across counters sharing the table', async () => {
    const { db } = fakeTable();
    const [a, b] = [new SharedCounter(db, 60, 20), new SharedCounter(db, 60, 20)];
    for (let i = 0; i < 10; i++) expect((await allowed(a)).allowed).toBe(true);
    for (let i = 0; i < 10; i++) expect((await allowed(b)).allowed).toBe(true);
    expect((await allowed(a)).allowed).toBe(false);
    expect((await allowed(b)).allowed).toBe(false);
    expect((await allowed(b, 'other')).allowed).toBe(true);
  });

  it('never admits more than the limit across three counters, whatever the interleaving', async () => {
    for (const limit of [20, 120, 300]) {
      const { db, rows } = fakeTable();
      const replicas = [0, 1, 2].map(() => new SharedCounter(db, 60, limit));
      const answers: Promise<CountResult>[] = [];
      for (let i = 0; i < limit * 2; i++) {
        answers.push(allowed(replicas[(i * 7) % 3] as SharedCounter));
        if (i % 5 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      }
      const admitted = (await Promise.all(answers)).filter((answer) => answer.allowed).length;
      expect(admitted).toBeLessThanOrEqual(limit);
      // What replicas hold and did not use is at most limit/20 each.
      expect(admitted).toBeGreaterThanOrEqual(limit - 3 * Math.floor(limit / 20));
      expect(rows.get('ip')?.points).toBeLessThanOrEqual(limit);
    }
  });

  it('far below the limit takes leases of limit/20, near it counts each request in the table', async () => {
    const { db, statements } = fakeTable();
    const counter = new SharedCounter(db, 60, 300);
    for (let i = 0; i < 135; i++) expect((await allowed(counter)).allowed).toBe(true);
    expect(inserts(statements)).toBeLessThanOrEqual(Math.ceil(135 / 15));
    const before = inserts(statements);
    for (let i = 0; i < 30; i++) expect((await allowed(counter)).allowed).toBe(true);
    expect(inserts(statements) - before).toBeGreaterThanOrEqual(20);
  });

  it('starts a new window once the last one ended', async () => {
    const { db } = fakeTable();
    let now = 1_000_000;
    const counter = new SharedCounter(db, 60, 5, { now: () => now });
    expect((await allowed(counter, 'ip', 5)).allowed).toBe(true);
    expect((await allowed(counter)).allowed).toBe(false);
    now += 60_000;
    expect((await allowed(counter, 'ip', 5)).allowed).toBe(true);
  });

  it('rejects the waiting requests when the database fails, and recovers', async () => {
    const { db } = fakeTable();
    let failing = true;
    const flaky = {
      query: (sql: string, params?: readonly unknown[]) =>
        failing ? Promise.reject(new Error('connection refused')) : db.query(sql, params),
    } as unknown as Queryable;
    const counter = new SharedCounter(flaky, 60, 5);
    await expect(allowed(counter)).rejects.toThrow('connection refused');
    failing = false;
    expect((await allowed(counter)).allowed).toBe(true);
  });
});
