// The writers of DATA_DIR's files (section-file.ts, served-record.ts, core/scenery-search/persist.ts) write a
// temporary file named after the final one and their pid, then rename it into place: a reader never sees half a file.
// A process killed mid-write (SIGKILL, out of memory) leaves its temporary file behind, never renamed, so never
// read; but nothing else would remove it, and at 1 M scenes each is hundreds of MB. This deletes those whose writer
// is gone. One of a live process (a server or an ingest writing into the same folder, or this very process, whose
// next write of that name truncates it anyway) stays.
import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log.ts';

const FOLDERS = [
  { folder: 'snapshots', name: /^[a-z0-9][a-z0-9._-]*\.(?:light\.bin|cards\.bin|json)\.(\d+)\.tmp$/ },
  { folder: 'search-index', name: /^[a-z0-9][a-z0-9._-]*\.bin\.(\d+)\.partial$/ },
] as const;

export interface PrunedTempFile {
  path: string;
  pid: number;
  bytes: number;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds that pid; it may be a writer.
    return (error as { code?: unknown }).code !== 'ESRCH';
  }
}

async function entriesOf(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
}

/** Deletes the temporary files of writers that no longer run and logs each one; returns what it deleted. */
export async function pruneTempFiles(dataDir: string, log: Logger): Promise<PrunedTempFile[]> {
  const pruned: PrunedTempFile[] = [];
  for (const { folder, name } of FOLDERS) {
    const dir = join(dataDir, folder);
    for (const entry of await entriesOf(dir)) {
      const pid = entry.isFile() ? Number(name.exec(entry.name)?.[1]) : Number.NaN;
      if (!Number.isInteger(pid) || pid <= 0 || isAlive(pid)) continue;
      const path = join(dir, entry.name);
      try {
        const { size } = await stat(path);
        await rm(path);
        pruned.push({ path, pid, bytes: size });
        log.info({ path, pid, bytes: size }, 'deleted the temporary file of a writer that stopped mid-write');
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'ENOENT')
          log.warn({ path, err: error }, 'could not delete a temporary file');
      }
    }
  }
  return pruned;
}
