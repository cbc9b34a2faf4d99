import { describe, expect, it, vi } from 'vitest';
import { type CountResult, SharedCounter } from '../../../core/http/shared-counter.ts';
import type { Queryable, Row } from '../../../core/store/types.ts';

// The shared rate-limit counter: exact counts across "replicas" (two counters on one table), refusals past the limit
// in arrival order, and one statement for every request waiting at that moment.

function fakeTable() {
  const rows = new Map<string, { points: number; expire: number }>();
  const statements: string[] = [];
  const db = {
    async query<R extends Row>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
      statements.push(sql.trim().split(/\s+/)[0] as string);
      await new Promise((resolve) => setTimeout(resolve, 2)); // a round trip, so requests queue behind it
      if (sql.trim().startsWith('DELETE')) return [];
      const [keys, points, expires, now] = params as [string[], number[], number[], number];
      return keys.map((key, i) => {
        const row = rows.get(key);
        const next =
          !row || row.expire <= now
            ? { points: points[i] as number, expire: expires[i] as number }
            : { points: row.points + (points[i] as number), expire: row.expire };
        rows.set(key, next);
        return { key, points: next.points, expire: String(next.expire) } as unknown as R;
      });
    },
  } as unknown as Queryable;
  return { db, rows, statements };
}

describe('SharedCounter', () => {
  it('allows exactly the limit of concurrent requests, in arrival order, in few statements', async () => {
    const { db, statements } = fakeTable();
    const counter = new SharedCounter(db, 60);
    const results = await Promise.all(Array.from({ length: 30 }, () => counter.consume('ip', 1, 20)));
    expect(results.map((result) => result.allowed)).toEqual([...Array(20).fill(true), ...Array(10).fill(false)]);
    const refused = results[29];
    expect(refused?.allowed === false && refused.msBeforeNext).toBeGreaterThan(59_000);
    expect(statements.filter((statement) => statement === 'INSERT').length).toBeLessThanOrEqual(2);
  });

  it('counts a client once across counters sharing the table', async () => {
    const { db } = fakeTable();
    const [a, b] = [new SharedCounter(db, 60), new SharedCounter(db, 60)];
    for (let i = 0; i < 10; i++) expect((await a.consume('ip', 1, 20)).allowed).toBe(true);
    await a.sync();
    for (let i = 0; i < 10; i++) expect((await b.consume('ip', 1, 20)).allowed).toBe(true);
    await b.sync();
    expect((await a.consume('ip', 1, 20)).allowed).toBe(false);
    expect((await b.consume('other', 1, 20)).allowed).toBe(true);
  });

  it('lets a client far below its limit through at once and writes those counts in one statement', async () => {
    const { db, rows, statements } = fakeTable();
    const counter = new SharedCounter(db, 60, { syncMs: 60_000 });
    const inserts = () => statements.filter((statement) => statement === 'INSERT').length;
    expect((await counter.consume('ip', 1, 100)).allowed).toBe(true); // unknown client: waits for the table
    expect(inserts()).toBe(1);
    for (let i = 0; i < 20; i++) expect((await counter.consume('ip', 2, 100)).allowed).toBe(true);
    expect(inserts()).toBe(1);
    expect(rows.get('ip')?.points).toBe(1);
    await counter.sync();
    expect(inserts()).toBe(2);
    expect(rows.get('ip')?.points).toBe(41);
  });

  it('under steady load writes the counts let through at once once a syncMs, not once a round trip', async () => {
    // Fake time: the 2 ms round trips, the 40 ms sync timer and the counter's clock advance together, exactly.
    vi.useFakeTimers();
    try {
      const { db, rows, statements } = fakeTable();
      const counter = new SharedCounter(db, 60, { syncMs: 40 });
      const inserts = () => statements.filter((statement) => statement === 'INSERT').length;
      const first = counter.consume('ip', 1, 1_000_000);
      await vi.advanceTimersByTimeAsync(2);
      expect((await first).allowed).toBe(true);
      // A request every millisecond for 200 ms: every round trip (2 ms here) ends with new counts unsent.
      const answers: Promise<CountResult>[] = [];
      for (let ms = 0; ms < 200; ms++) {
        answers.push(counter.consume('ip', 1, 1_000_000));
        await vi.advanceTimersByTimeAsync(1);
      }
      for (const answer of await Promise.all(answers)) expect(answer.allowed).toBe(true);
      // The first request's statement and one per 40 ms: far from the ~100 statements of one per round trip.
      expect(inserts()).toBeLessThanOrEqual(1 + 200 / 40);
      const closed = counter.close();
      await vi.advanceTimersByTimeAsync(2);
      await closed;
      expect(rows.get('ip')?.points).toBe(1 + answers.length);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for the table for every request past half the limit, and refuses exactly past the limit', async () => {
    const { db, rows, statements } = fakeTable();
    const counter = new SharedCounter(db, 60, { syncMs: 60_000 });
    const allowed: boolean[] = [];
    for (let i = 0; i < 12; i++) allowed.push((await counter.consume('ip', 1, 10)).allowed);
    expect(allowed).toEqual([...Array(10).fill(true), false, false]);
    expect(rows.get('ip')?.points).toBe(12);
    // The first request, then 4 let through at once (up to half of 10), then one statement per request.
    expect(statements.filter((statement) => statement === 'INSERT').length).toBe(1 + 12 - 5);
  });

  it('writes the counts of a failed sync with a later statement', async () => {
    const { db, rows } = fakeTable();
    let failing = false;
    const flaky = {
      query: (sql: string, params?: readonly unknown[]) =>
        failing ? Promise.reject(new Error('connection refused')) : db.query(sql, params),
    } as unknown as Queryable;
    const counter = new SharedCounter(flaky, 60, { syncMs: 60_000 });
    await counter.consume('ip', 1, 100);
    for (let i = 0; i < 5; i++) await counter.consume('ip', 1, 100);
    failing = true;
    await counter.sync();
    failing = false;
    expect((await counter.consume('other', 1, 100)).allowed).toBe(true);
    expect(rows.get('ip')?.points).toBe(6);
  });

  it('writes what is unsent when closed', async () => {
    const { db, rows } = fakeTable();
    const counter = new SharedCounter(db, 60, { syncMs: 60_000 });
    for (let i = 0; i < 4; i++) await counter.consume('ip', 1, 100);
    expect(rows.get('ip')?.points).toBe(1);
    await counter.close();
    expect(rows.get('ip')?.points).toBe(4);
  });

  it('starts a new window once the last one ended', async () => {
    const { db } = fakeTable();
    let now = 1_000_000;
    const counter = new SharedCounter(db, 60, { now: () => now });
    expect((await counter.consume('ip', 5, 5)).allowed).toBe(true);
    expect((await counter.consume('ip', 1, 5)).allowed).toBe(false);
    now += 60_000;
    expect((await counter.consume('ip', 5, 5)).allowed).toBe(true);
  });

  it('rejects the waiting requests when the database fails, and recovers', async () => {
    const { db } = fakeTable();
    let failing = true;
    const flaky = {
      query: (sql: string, params?: readonly unknown[]) =>
        failing ? Promise.reject(new Error('connection refused')) : db.query(sql, params),
    } as unknown as Queryable;
    const counter = new SharedCounter(flaky, 60);
    await expect(counter.consume('ip', 1, 5)).rejects.toThrow('connection refused');
    failing = false;
    expect((await counter.consume('ip', 1, 5)).allowed).toBe(true);
  });
});
