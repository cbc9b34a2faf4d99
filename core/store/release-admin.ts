// What the release command reads and changes in the releases table: summaries cheap enough at any size (row counts
// come from the manifest, where ingest checked them against the files, never from counting the big tables), the
// served release with the reason the rule chose it, and a status change made safe against a concurrent one.
import type { ReleaseStatus } from '../release/manifest-types.ts';
import { RELEASE_TABLES } from '../release/tables.ts';
import { RELEASE_CHANNEL, type ReleaseRecord, setReleaseStatus } from './releases.ts';
import type { Queryable, Store } from './types.ts';

export interface ReleaseSummary extends Omit<ReleaseRecord, 'manifest'> {
  /** Rows per table as ingest counted and checked them (manifest.row_counts). */
  row_counts: Record<string, number>;
}

const summaryColumns =
  "release_id, status, created_at, published_at, data_as_of, ingested_at, manifest->'row_counts' AS row_counts";

/** The counts in load order (jsonb keeps its keys in its own order). */
export function inTableOrder(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    RELEASE_TABLES.flatMap((table) => (counts[table] === undefined ? [] : [[table, counts[table]]])),
  );
}

/** Every release, newest first. */
export async function listReleaseSummaries(db: Queryable): Promise<ReleaseSummary[]> {
  const rows = await db.query<ReleaseSummary & Record<string, unknown>>(
    `SELECT ${summaryColumns} FROM releases ORDER BY created_at DESC, release_id DESC`,
  );
  return rows.map((row) => ({ ...row, row_counts: inTableOrder(row.row_counts) }));
}

export type ServedReason = 'latest published' | 'latest staged, none published';

export interface ServedChoice {
  release_id: string;
  reason: ServedReason;
}

/** The release the served_release view picks, and which half of the rule picked it; null when none can be served. */
export async function servedChoice(db: Queryable): Promise<ServedChoice | null> {
  const [row] = await db.query<{ release_id: string; status: ReleaseStatus }>(
    'SELECT release_id, status FROM served_release',
  );
  if (!row) return null;
  return {
    release_id: row.release_id,
    reason: row.status === 'published' ? 'latest published' : 'latest staged, none published',
  };
}

export interface StatusDecision {
  to: ReleaseStatus;
  /** As setReleaseStatus takes it: a time, null to clear, absent to keep the rule there. */
  publishedAt?: string | null;
}

export interface StatusChange {
  release_id: string;
  from: ReleaseStatus;
  to: ReleaseStatus;
  /** What the store serves once the change is committed. */
  served: ServedChoice | null;
}

/**
 * Changes a release's status in one transaction: its row is locked, `decide` sees the status it holds now (and
 * throws to refuse), the row and its manifest change, and the change is announced on RELEASE_CHANNEL, which
 * PostgreSQL delivers at commit. Two operators racing see each other's result, never a lost update. Null when the
 * store has no such release. `confirm` sees what would be served after the change and may still refuse it (throw).
 */
export async function changeReleaseStatus(
  store: Store,
  releaseId: string,
  decide: (from: ReleaseStatus) => StatusDecision,
  confirm: (served: ServedChoice | null) => void = () => {},
): Promise<StatusChange | null> {
  return store.transaction(async (tx) => {
    const [row] = await tx.query<{ status: ReleaseStatus }>(
      'SELECT status FROM releases WHERE release_id = $1 FOR UPDATE',
      [releaseId],
    );
    if (!row) return null;
    const decision = decide(row.status);
    await setReleaseStatus(tx, releaseId, decision.to, decision.publishedAt);
    const served = await servedChoice(tx);
    confirm(served);
    await tx.query('SELECT pg_notify($1, $2)', [
      RELEASE_CHANNEL,
      JSON.stringify({ release_id: releaseId, status: decision.to }),
    ]);
    return { release_id: releaseId, from: row.status, to: decision.to, served };
  });
}
