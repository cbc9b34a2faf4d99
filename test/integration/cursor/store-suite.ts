// One suite for every CursorStore implementation (in-process lru-cache, PGlite, PostgreSQL through pg): the engine
// relies on exactly this behaviour whichever store holds its cursors.
import { describe, expect, it } from 'vitest';
import { issueCursor, resumeCursor } from '../../../core/cursor/cursors.ts';
import type { CursorRecord, CursorStore } from '../../../core/cursor/store.ts';
import { ApiError } from '../../../core/errors.ts';

export interface CursorStoreSubject {
  name: string;
  /** A store; `twin()` (when the implementation shares its data) opens a second one on the same data. */
  open(): Promise<{ store: CursorStore; twin?: () => Promise<CursorStore> }>;
}

const FIELDS = ['query', 'mode', 'bbox', 'limit'];
const binding = { query: '石畳の坂道', mode: 'jev', bbox: [135, 34.6, 135.2, 34.7], limit: 24 };
const t0 = new Date('2026-11-21T10:42:05.123Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const state = {
  corpus: '2000:1000000000000001:9007199254740993123',
  seen: [0, 5, 17, 4_000_000],
  pending: [{ doc: 3, score: 0.8333333333333334, passes: true, probabilities: { 'cat:river': 0.97 } }],
  queued: [] as number[][],
  interpretation: { understood: ['「坂道」→ 坂道'], ignored: [] },
};
let counter = 0;
const freshId = () => (counter++).toString(16).padStart(64, 'c');

function recordAt(issued: Date): CursorRecord {
  const expires = new Date(issued.getTime() + 3_600_000);
  return {
    binding,
    state,
    issuedAt: issued.toISOString().replace(/\.\d+Z$/, 'Z'),
    expiresAt: expires.toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

export function describeCursorStoreSuite(subject: CursorStoreSubject): void {
  describe(`cursor store: ${subject.name}`, () => {
    it('gives back the record it was given, JSON for JSON', async () => {
      const { store } = await subject.open();
      const id = freshId();
      const record = recordAt(t0);
      await store.put(id, record);
      expect(await store.get(id, at(1))).toEqual(record);
    });

    it('knows nothing of an id never put', async () => {
      const { store } = await subject.open();
      expect(await store.get(freshId(), t0)).toBeNull();
    });

    it('serves a record until its expiresAt and never from that instant on', async () => {
      const { store } = await subject.open();
      const id = freshId();
      const record = recordAt(t0);
      await store.put(id, record);
      const expiry = Date.parse(record.expiresAt);
      expect(await store.get(id, new Date(expiry - 1))).not.toBeNull();
      expect(await store.get(id, new Date(expiry))).toBeNull();
      expect(await store.get(id, new Date(expiry + 86_400_000))).toBeNull();
    });

    it('keeps what it returns apart from what it holds', async () => {
      const { store } = await subject.open();
      const id = freshId();
      await store.put(id, recordAt(t0));
      const first = (await store.get(id, t0)) as CursorRecord<typeof state>;
      first.state.seen.push(99);
      expect(((await store.get(id, t0)) as CursorRecord<typeof state>).state.seen).toEqual(state.seen);
    });

    it('answers 410 cursor_expired after the TTL and 400 cursor_mismatch for a changed condition', async () => {
      const { store } = await subject.open();
      const { cursor } = await issueCursor(store, binding, state, t0);
      await expect(resumeCursor(store, cursor, binding, FIELDS, at(3599))).resolves.toEqual(state);
      expect(await rejection(resumeCursor(store, cursor, { ...binding, limit: 5 }, FIELDS, at(1)))).toMatchObject({
        status: 400,
        code: 'cursor_mismatch',
        field: 'limit',
      });
      expect(await rejection(resumeCursor(store, cursor, binding, FIELDS, at(3601)))).toMatchObject({
        status: 410,
        code: 'cursor_expired',
      });
    });

    it('lets a second instance on the same data continue a cursor the first issued', async (context) => {
      const opened = await subject.open();
      if (!opened.twin) {
        context.skip();
        return;
      }
      const { cursor } = await issueCursor(opened.store, binding, state, t0);
      const other = await opened.twin();
      await expect(resumeCursor(other, cursor, binding, FIELDS, at(60))).resolves.toEqual(state);
    });
  });
}
