// A data folder the process cannot write (a read-only mount, another user's folder) or one that is full stops the
// start with one line naming the folder and what to do, instead of a stack trace from deep inside the store.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** DATA_DIR cannot be used: its message names the folder, the cause and the remedy. */
export class DataDirUnusableError extends Error {
  override name = 'DataDirUnusableError';
}

const remedies: Record<string, string> = {
  EROFS: 'is on a read-only file system; mount it writable or set DATA_DIR to a writable folder',
  EACCES: 'is not writable by this user; give it to this user (chown) or set DATA_DIR to a writable folder',
  EPERM: 'is not writable by this user; give it to this user (chown) or set DATA_DIR to a writable folder',
  ENOSPC: 'is full (no space left on its device); free space there or set DATA_DIR to a folder with room',
  EDQUOT: 'is over its disk quota; free space there or set DATA_DIR to a folder with room',
  ENOTDIR: 'is not a folder (a file has its name or the name of a folder above it); set DATA_DIR to a folder',
};

// PGlite's in-process file system reports errors as WASI errno numbers (an ErrnoError without a code).
const wasiCodes: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

function codeOf(error: unknown): string | undefined {
  for (let at = error, depth = 0; at !== null && typeof at === 'object' && depth < 8; depth++) {
    const { code, errno, name, cause } = at as { code?: unknown; errno?: unknown; name?: unknown; cause?: unknown };
    if (typeof code === 'string' && code in remedies) return code;
    if (name === 'ErrnoError' && typeof errno === 'number' && wasiCodes[errno]) return wasiCodes[errno];
    at = cause;
  }
  return undefined;
}

/** The error as a DataDirUnusableError when it is one of the file system's "cannot write here" errors, else null. */
export function dataDirProblemOf(error: unknown, dataDir: string): DataDirUnusableError | null {
  if (error instanceof DataDirUnusableError) return error;
  const code = codeOf(error);
  if (code === undefined) return null;
  return new DataDirUnusableError(`DATA_DIR ${resolve(dataDir)} ${remedies[code]} (${code})`, { cause: error });
}

/** Creates the folder when missing and writes a small file there, so a folder that cannot be used says so first. */
export async function checkDataDirWritable(dataDir: string): Promise<void> {
  const probe = join(dataDir, `.write-check-${process.pid}`);
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(probe, Buffer.alloc(64 * 1024));
  } catch (error) {
    // mkdir -p on the name of a file answers EEXIST.
    const seen = (error as NodeJS.ErrnoException).code === 'EEXIST' ? { code: 'ENOTDIR', cause: error } : error;
    throw dataDirProblemOf(seen, dataDir) ?? error;
  } finally {
    await rm(probe, { force: true }).catch(() => {});
  }
}
