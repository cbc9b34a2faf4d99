// The releases table: which releases the store holds and which one is served (the contract's snapshot rule lives
// in the served_release view, so SQL consumers and this code agree).
import type { Manifest, ReleaseStatus } from '../release/manifest-types.ts';
import { RELEASE_TABLES } from '../release/tables.ts';
import { derivedTables } from './integrity.ts';
import type { Queryable, Store } from './types.ts';

export interface ReleaseRecord {
  release_id: string;
  status: ReleaseStatus;
  /** ISO 8601 UTC, as stored; the manifest keeps the release's own spelling. */
  created_at: string;
  published_at: string | null;
  /** YYYY-MM-DD or null. */
  data_as_of: string | null;
  manifest: Manifest;
  ingested_at: string;
}

const releaseColumns = 'release_id, status, created_at, published_at, data_as_of, manifest, ingested_at';

/**
 * The PostgreSQL channel a status change is announced on (payload: JSON `{release_id, status}`), in the same
 * transaction, so a listener is told only once the change is visible. Running servers LISTEN on it and read the
 * served release again.
 */
export const RELEASE_CHANNEL = 'machimi_release';

/** The latest published release, else the latest staged one; null when the store holds neither. */
export async function getServedRelease(db: Queryable): Promise<ReleaseRecord | null> {
  const rows = await db.query<ReleaseRecord & Record<string, unknown>>(`SELECT ${releaseColumns} FROM served_release`);
  return rows[0] ?? null;
}

export async function getRelease(db: Queryable, releaseId: string): Promise<ReleaseRecord | null> {
  const rows = await db.query<ReleaseRecord & Record<string, unknown>>(
    `SELECT ${releaseColumns} FROM releases WHERE release_id = $1`,
    [releaseId],
  );
  return rows[0] ?? null;
}

/** Every release, newest first (without manifests, which can be large). */
export async function listReleases(db: Queryable): Promise<Omit<ReleaseRecord, 'manifest'>[]> {
  return db.query<Omit<ReleaseRecord, 'manifest'> & Record<string, unknown>>(
    `SELECT release_id, status, created_at, published_at, data_as_of, ingested_at
     FROM releases ORDER BY created_at DESC, release_id DESC`,
  );
}

/** Records the release itself; part of ingest's transaction. A second release with the same id is refused. */
export async function insertRelease(db: Queryable, manifest: Manifest): Promise<void> {
  await db.query(
    `INSERT INTO releases (release_id, status, created_at, published_at, data_as_of, manifest)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      manifest.release_id,
      manifest.status,
      manifest.created_at,
      manifest.published_at,
      manifest.data_as_of,
      JSON.stringify(manifest),
    ],
  );
}

/**
 * Moves a release to another status (publish, withdraw). Publishing without a time keeps the manifest's
 * published_at or stamps now; `publishedAt: null` clears it. The stored manifest is updated too, so what
 * /v1/provenance shows agrees with the table.
 */
export async function setReleaseStatus(
  db: Queryable,
  releaseId: string,
  status: ReleaseStatus,
  publishedAt?: string | null,
): Promise<boolean> {
  const current = await getRelease(db, releaseId);
  if (!current) return false;
  const published =
    publishedAt !== undefined
      ? publishedAt
      : status === 'published'
        ? (current.manifest.published_at ?? new Date().toISOString())
        : current.manifest.published_at;
  const manifest: Manifest = { ...current.manifest, status, published_at: published };
  await db.query('UPDATE releases SET status = $2, published_at = $3, manifest = $4 WHERE release_id = $1', [
    releaseId,
    status,
    published,
    JSON.stringify(manifest),
  ]);
  return true;
}

/** Removes a release and all its rows in one transaction (e.g. a withdrawn release to be ingested again). */
export async function deleteRelease(store: Store, releaseId: string): Promise<boolean> {
  return store.transaction(async (tx) => {
    for (const table of [...RELEASE_TABLES, ...derivedTables]) {
      await tx.query(`DELETE FROM ${table} WHERE release_id = $1`, [releaseId]);
    }
    const rows = await tx.query('DELETE FROM releases WHERE release_id = $1 RETURNING release_id', [releaseId]);
    return rows.length === 1;
  });
}
