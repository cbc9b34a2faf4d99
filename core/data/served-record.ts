// The record (id, ingest time, manifest) of the release a start served, kept in DATA_DIR beside its snapshots. With
// the light and cards snapshots it is everything the in-memory faces need, so a replica whose database is down at
// start can still serve that release (snapshot-start.ts). Written only once the release's snapshots are written; the
// snapshots are keyed by the same release id and ingest time, so a record never pairs with another release's files.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReleaseRecord } from '../store/index.ts';

const FORMAT = 1;

export function servedRecordPath(dataDir: string): string {
  return join(dataDir, 'snapshots', 'served-release.json');
}

/** Atomically (a temporary file renamed into place): a reader never sees half a record. */
export async function writeServedRecord(dataDir: string, record: ReleaseRecord): Promise<void> {
  const path = servedRecordPath(dataDir);
  await mkdir(join(dataDir, 'snapshots'), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, JSON.stringify({ format: FORMAT, record }));
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export type ServedRecordRead = { record: ReleaseRecord; reason?: never } | { record: null; reason: string };

function isRecord(value: unknown): value is ReleaseRecord {
  const record = value as Partial<ReleaseRecord> | null;
  return (
    typeof record?.release_id === 'string' &&
    typeof record.ingested_at === 'string' &&
    typeof record.manifest === 'object' &&
    record.manifest !== null
  );
}

/** The saved record, or why there is none usable (absent, unreadable, another format). */
export async function readServedRecord(dataDir: string): Promise<ServedRecordRead> {
  const path = servedRecordPath(dataDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { record: null, reason: code === 'ENOENT' ? `no ${path}` : `${path}: ${(error as Error).message}` };
  }
  try {
    const saved = JSON.parse(text) as { format?: unknown; record?: unknown };
    if (saved.format !== FORMAT) return { record: null, reason: `${path}: format ${String(saved.format)}` };
    if (!isRecord(saved.record)) return { record: null, reason: `${path}: not a release record` };
    return { record: saved.record };
  } catch {
    return { record: null, reason: `${path}: not JSON` };
  }
}
