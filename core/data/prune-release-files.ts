// Each release leaves per-machine files in DATA_DIR: its start-up snapshots (snapshots/<release_id>.light.bin,
// light-snapshot.ts; snapshots/<release_id>.cards.bin, cards-snapshot.ts) and its search index
// (search-index/<release_id>.bin, core/scenery-search/search-index.ts). Nothing else
// removes them, so every release ever served would stay on disk (hundreds of MB each at 1 M scenes). This deletes the
// files of releases that can no longer be served: gone from the store, or withdrawn. Files of releases still in the
// store under another status (building, staged, published) stay: a publish may serve them next.
import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log.ts';
import type { ReleaseStatus } from '../release/manifest-types.ts';
import { listReleases, type Store } from '../store/index.ts';
import { pruneTempFiles } from './prune-temp-files.ts';
import type { ServedRelease } from './served-release.ts';

// Release ids as the manifest schema allows them; a name that does not match exactly (a writer's `.tmp` or
// `.partial` file, anything a person put there) is not ours to delete.
const RELEASE_ID = '[a-z0-9][a-z0-9._-]{2,63}';
const FOLDERS = [
  { folder: 'snapshots', name: new RegExp(`^(${RELEASE_ID})\\.(?:light|cards)\\.bin$`) },
  { folder: 'search-index', name: new RegExp(`^(${RELEASE_ID})\\.bin$`) },
] as const;

export interface StoredRelease {
  release_id: string;
  status: ReleaseStatus;
}

export interface PruneInput {
  dataDir: string;
  servedReleaseId: string;
  /** The store's releases, asked only after the folders are listed (see below). */
  listReleases: () => Promise<readonly StoredRelease[]>;
  log: Logger;
}

export interface PrunedFile {
  path: string;
  release_id: string;
  reason: 'not_in_store' | 'withdrawn';
  bytes: number;
}

interface ReleaseFile {
  path: string;
  releaseId: string;
}

async function listReleaseFiles(dataDir: string): Promise<ReleaseFile[]> {
  const files: ReleaseFile[] = [];
  for (const { folder, name } of FOLDERS) {
    const dir = join(dataDir, folder);
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') continue;
      throw error;
    }
    for (const entry of entries) {
      const releaseId = entry.isFile() ? name.exec(entry.name)?.[1] : undefined;
      if (releaseId) files.push({ path: join(dir, entry.name), releaseId });
    }
  }
  return files;
}

/** Deletes the files of releases that can no longer be served and logs each one; returns what it deleted. */
export async function pruneReleaseFiles(input: PruneInput): Promise<PrunedFile[]> {
  const { dataDir, servedReleaseId, log } = input;
  // Folders first, store second: `npm run ingest` commits a release before writing its files, so any file seen here
  // whose release was being ingested is already in the list read next.
  const files = await listReleaseFiles(dataDir);
  if (files.length === 0) return [];
  const statusOf = new Map((await input.listReleases()).map((release) => [release.release_id, release.status]));
  const pruned: PrunedFile[] = [];
  for (const { path, releaseId } of files) {
    if (releaseId === servedReleaseId) continue;
    const status = statusOf.get(releaseId);
    if (status !== undefined && status !== 'withdrawn') continue;
    const reason = status === undefined ? 'not_in_store' : 'withdrawn';
    try {
      const { size } = await stat(path);
      await rm(path);
      const file = { path, release_id: releaseId, reason, bytes: size } as const;
      pruned.push(file);
      log.info(file, 'deleted the file of a release no longer served');
    } catch (error) {
      // Another process may have removed it first; a file left behind costs disk space, nothing else.
      if ((error as { code?: unknown }).code !== 'ENOENT')
        log.warn({ path, err: error }, 'could not delete release file');
    }
  }
  if (pruned.length > 0) {
    log.info(
      { files: pruned.length, bytes: pruned.reduce((sum, file) => sum + file.bytes, 0) },
      'release files pruned',
    );
  }
  return pruned;
}

/**
 * npm start: prunes once `ready` (the served release's snapshot write) has settled, off the path to listening, and
 * deletes what writers killed mid-write left (prune-temp-files.ts). It reads the store, so it belongs with the work a
 * stop waits for; a failure only leaves old files behind.
 */
export async function pruneReleaseFilesAfter(
  ready: readonly Promise<unknown>[],
  at: { dataDir: string; store: Store; release: ServedRelease; log: Logger },
): Promise<void> {
  const { dataDir, store, release, log } = at;
  await Promise.allSettled(ready);
  await pruneReleaseFiles({
    dataDir,
    servedReleaseId: release.record.release_id,
    listReleases: () => listReleases(store),
    log,
  }).catch((error: unknown) => log.warn({ err: error }, 'pruning the files of old releases failed'));
  await pruneTempFiles(dataDir, log).catch((error: unknown) =>
    log.warn({ err: error }, 'pruning the temporary files of stopped writers failed'),
  );
}
