import { describe, expect, it } from 'vitest';
import {
  firstDifferentField,
  issueCursor,
  newCursorId,
  resumeCursor,
  resumeCursorRecord,
} from '../../../core/cursor/cursors.ts';
import { CURSOR_TTL_S, MemoryCursorStore } from '../../../core/cursor/store.ts';
import { ApiError } from '../../../core/errors.ts';

const FIELDS = ['query', 'preset', 'ward', 'year_from', 'year_to', 'mode', 'bbox', 'limit'];
const binding = {
  query: '石畳',
  preset: null,
  ward: '',
  year_from: 2018,
  year_to: null,
  mode: 'jev',
  bbox: null,
  limit: 24,
};
const t0 = new Date('2026-11-21T10:42:05.123Z');
const later = (s: number) => new Date(t0.getTime() + s * 1000);

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('cursors', () => {
  it('are 64 lowercase hex characters, new every time', () => {
    const ids = new Set(Array.from({ length: 100 }, newCursorId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('expire 3600 s after issue (at whole seconds) and resume the stored state until then', async () => {
    const store = new MemoryCursorStore();
    const { cursor, expiresAt } = await issueCursor(store, binding, { offset: 60 }, t0);
    expect(CURSOR_TTL_S).toBe(3600);
    expect(expiresAt).toBe('2026-11-21T11:42:05Z');
    await expect(resumeCursor(store, cursor, binding, FIELDS, later(3599))).resolves.toEqual({ offset: 60 });
    const expired = await rejection(resumeCursor(store, cursor, binding, FIELDS, later(3601)));
    expect(expired).toMatchObject({ code: 'cursor_expired', status: 410, field: 'cursor' });
    expect(expired.recovery).toMatch(/without cursor/);
  });

  it('answer 410 for a cursor never issued', async () => {
    const store = new MemoryCursorStore();
    const error = await rejection(resumeCursor(store, 'a'.repeat(64), binding, FIELDS, t0));
    expect(error.code).toBe('cursor_expired');
  });

  it('continue only on the release they were issued under (410 release_changed, before the conditions)', async () => {
    const store = new MemoryCursorStore();
    const { cursor } = await issueCursor(store, binding, { offset: 24 }, t0, 'release-a');
    const same = await resumeCursorRecord(store, cursor, binding, FIELDS, t0, 'release-a');
    expect(same.state).toEqual({ offset: 24 });
    const changed = await rejection(resumeCursorRecord(store, cursor, { ...binding, mode: 'text' }, FIELDS, t0, 'b'));
    expect(changed).toMatchObject({ code: 'release_changed', status: 410, field: 'cursor', retryable: false });
    expect(changed.recovery).toMatch(/release changed to b: restart the search without cursor/);
  });

  it('are bound to the request: a changed condition names the first differing field (400 cursor_mismatch)', async () => {
    const store = new MemoryCursorStore();
    const { cursor } = await issueCursor(store, binding, {}, t0);
    const changed = { ...binding, mode: 'text', limit: 10 };
    const error = await rejection(resumeCursor(store, cursor, changed, FIELDS, t0));
    expect(error).toMatchObject({ code: 'cursor_mismatch', status: 400, field: 'mode' });
    expect((await rejection(resumeCursor(store, cursor, { ...binding, bbox: [1, 2, 3, 4] }, FIELDS, t0))).field).toBe(
      'bbox',
    );
  });

  it('compare values as JSON, so a missing key equals null', () => {
    expect(firstDifferentField({ a: null, b: [1, 2] }, { b: [1, 2] }, ['a', 'b'])).toBeNull();
    expect(firstDifferentField({ a: 1, b: [1, 2] }, { a: 1, b: [2, 1] }, ['a', 'b'])).toBe('b');
  });

  it('keep their record apart from the caller’s objects, as a database would', async () => {
    const store = new MemoryCursorStore();
    const state = { seen: [1, 2] };
    const { cursor } = await issueCursor(store, binding, state, t0);
    state.seen.push(3);
    const resumed = await resumeCursor<{ seen: number[] }>(store, cursor, binding, FIELDS, t0);
    expect(resumed.seen).toEqual([1, 2]);
    resumed.seen.push(4);
    expect((await resumeCursor<{ seen: number[] }>(store, cursor, binding, FIELDS, t0)).seen).toEqual([1, 2]);
  });

  it('forget the least recently used records beyond their maximum', async () => {
    const store = new MemoryCursorStore({ max: 2 });
    const a = await issueCursor(store, binding, 1, t0);
    await issueCursor(store, binding, 2, t0);
    await issueCursor(store, binding, 3, t0);
    expect(store.size).toBe(2);
    expect((await rejection(resumeCursor(store, a.cursor, binding, FIELDS, t0))).code).toBe('cursor_expired');
  });

  it('forget the least recently used records beyond their byte budget', async () => {
    // Each record takes ~1.3 KB serialised; the budget holds two of them, not three.
    const store = new MemoryCursorStore({ maxBytes: 3_000 });
    const state = (n: number) => ({ seen: Array.from({ length: 200 }, (_, i) => i * 1_000_003 + n) });
    const a = await issueCursor(store, binding, state(1), t0);
    const b = await issueCursor(store, binding, state(2), t0);
    await issueCursor(store, binding, state(3), t0);
    expect(store.size).toBe(2);
    expect((await rejection(resumeCursor(store, a.cursor, binding, FIELDS, t0))).code).toBe('cursor_expired');
    expect(await resumeCursor(store, b.cursor, binding, FIELDS, t0)).toEqual(state(2));
  });
});
