/**
 * A server reads its search index from DATA_DIR/search-index only. Two versions whose index formats differ (their
 * tagging rules name the file's catalogue hash) each need their own file, and a second build of a 1 M index takes
 * most of an hour: so the baseline's server is started with its own folder put in that place for the time of `run`,
 * and the folder of this checkout put back after, also when `run` fails.
 */
import { existsSync } from 'node:fs';
import { rename, rm, symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export async function withSearchIndexDir<T>(dataDir: string, indexDir: string, run: () => Promise<T>): Promise<T> {
  const place = join(dataDir, 'search-index');
  if (resolve(indexDir) === resolve(place)) return run();
  const aside = join(dataDir, 'search-index.bench-aside');
  if (existsSync(aside)) throw new Error(`${aside} exists: a run was interrupted; move it back to ${place} first`);
  await rename(place, aside);
  try {
    await symlink(resolve(indexDir), place, 'dir');
    return await run();
  } finally {
    await rm(place, { force: true });
    await rename(aside, place);
  }
}
