// PGlite is one in-process PostgreSQL: two processes opening one data folder would corrupt it (a server running
// while `npm run ingest` writes, say). A lock file holding the owner's pid refuses the second one clearly.
import { open, readFile, unlink } from 'node:fs/promises';

/** The data folder is open in another process (or already in this one). */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function tryCreate(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'wx');
    await handle.writeFile(String(process.pid));
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Takes the lock (a stale one, left by a process that died, is taken over) and returns its release. */
export async function lockDataDir(path: string, what: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await tryCreate(path)) return () => unlink(path).catch(() => {});
    const owner = Number((await readFile(path, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
      throw new DataDirLockedError(
        `${what} is in use by process ${owner}${owner === process.pid ? ' (this one)' : ''}; stop it first, ` +
          'or use PostgreSQL (DATABASE_URL) to share one store between processes',
      );
    }
    await unlink(path).catch(() => {});
  }
  throw new Error(`could not lock ${what} (${path})`);
}
