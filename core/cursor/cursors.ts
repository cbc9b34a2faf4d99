/**
 * Issuing and resuming cursors: 64 lowercase hex characters from a CSPRNG, valid for 3600 s, bound to the exact
 * request and to the data release it ran on. Unknown or expired → 410 cursor_expired; issued under another release
 * (the served one changed) → 410 release_changed; a changed condition → 400 cursor_mismatch naming the first
 * differing field.
 */
import { randomBytes } from 'node:crypto';
import { ApiError } from '../errors.ts';
import { CURSOR_TTL_S, type CursorStore } from './store.ts';

export const CURSOR_PATTERN = /^[0-9a-f]{64}$/;

export function newCursorId(): string {
  return randomBytes(32).toString('hex');
}

/** Seconds-precision ISO time, as the spec's examples show it. */
function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export async function issueCursor<S>(
  store: CursorStore,
  binding: Record<string, unknown>,
  state: S,
  now: Date,
  release?: string,
): Promise<{ cursor: string; expiresAt: string }> {
  const cursor = newCursorId();
  const expiresAt = isoSeconds(now.getTime() + CURSOR_TTL_S * 1000);
  const issuedAt = isoSeconds(now.getTime());
  await store.put(cursor, { binding, state, ...(release === undefined ? {} : { release }), issuedAt, expiresAt });
  return { cursor, expiresAt };
}

/** The first field (in `fields` order) whose value differs, compared as JSON. */
export function firstDifferentField(
  bound: Record<string, unknown>,
  sent: Record<string, unknown>,
  fields: readonly string[],
): string | null {
  for (const field of fields) {
    if (JSON.stringify(bound[field] ?? null) !== JSON.stringify(sent[field] ?? null)) return field;
  }
  return null;
}

/** The state a cursor carries and when the cursor expires; throws 410 / 400 as resumeCursor does. */
export async function resumeCursorRecord<S>(
  store: CursorStore,
  cursor: string,
  sent: Record<string, unknown>,
  fields: readonly string[],
  now: Date,
  release?: string,
): Promise<{ state: S; expiresAt: string }> {
  const record = CURSOR_PATTERN.test(cursor) ? await store.get(cursor, now) : null;
  if (!record) {
    throw new ApiError('cursor_expired', 'this cursor is unknown or has expired (cursors live 3600 s)', {
      field: 'cursor',
      recovery: 'restart the search without cursor',
    });
  }
  // Before the conditions: a search continued on other data would skip or repeat results whatever it was sent with.
  if (record.release !== undefined && release !== undefined && record.release !== release) {
    throw new ApiError('release_changed', `this cursor was issued under data release ${record.release}`, {
      field: 'cursor',
      recovery: `the served data release changed to ${release}: restart the search without cursor`,
    });
  }
  const field = firstDifferentField(record.binding, sent, fields);
  if (field !== null) {
    throw new ApiError('cursor_mismatch', `${field} differs from the request that issued this cursor`, {
      field,
      recovery: 'send pagination.next_request unchanged, or restart the search without cursor',
    });
  }
  return { state: record.state as S, expiresAt: record.expiresAt };
}

export async function resumeCursor<S>(
  store: CursorStore,
  cursor: string,
  sent: Record<string, unknown>,
  fields: readonly string[],
  now: Date,
): Promise<S> {
  return (await resumeCursorRecord<S>(store, cursor, sent, fields, now)).state;
}
