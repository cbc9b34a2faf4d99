import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkDataDirWritable, DataDirUnusableError, dataDirProblemOf } from '../../../core/store/data-dir-errors.ts';

const errno = (code: string) => Object.assign(new Error(`${code}: from the file system`), { code });

describe('dataDirProblemOf', () => {
  it.each([
    ['EROFS', 'is on a read-only file system; mount it writable'],
    ['EACCES', 'is not writable by this user'],
    ['EPERM', 'is not writable by this user'],
    ['ENOSPC', 'is full (no space left on its device)'],
    ['EDQUOT', 'is over its disk quota'],
  ])('names the folder, the cause and the remedy for %s', (code, says) => {
    const problem = dataDirProblemOf(errno(code), 'some/data');
    expect(problem).toBeInstanceOf(DataDirUnusableError);
    expect(problem?.message).toMatch(new RegExp(`^DATA_DIR ${resolve('some/data')} ${says.replace(/[()]/g, '\\$&')}`));
    expect(problem?.message.endsWith(`(${code})`)).toBe(true);
  });

  it('reads the WASI errno of the embedded store’s errors and the cause chain', () => {
    const fromPglite = Object.assign(new Error(), { name: 'ErrnoError', errno: 51 });
    expect(dataDirProblemOf(fromPglite, '/d')?.message).toContain('is full');
    const wrapped = new Error('opening the store failed', { cause: errno('EROFS') });
    expect(dataDirProblemOf(wrapped, '/d')?.message).toContain('read-only');
  });

  it('leaves other errors alone', () => {
    expect(dataDirProblemOf(new Error('syntax error at or near'), '/d')).toBeNull();
    expect(dataDirProblemOf(errno('ECONNREFUSED'), '/d')).toBeNull();
    expect(dataDirProblemOf('a string', '/d')).toBeNull();
  });
});

describe('checkDataDirWritable', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'machimi-writable-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('creates a missing folder and leaves nothing behind', async () => {
    await checkDataDirWritable(join(dir, 'a', 'b'));
    expect(await readdir(join(dir, 'a', 'b'))).toEqual([]);
  });

  it('says so when DATA_DIR is a file', async () => {
    await writeFile(join(dir, 'file'), 'x');
    await expect(checkDataDirWritable(join(dir, 'file'))).rejects.toThrow(
      `DATA_DIR ${join(dir, 'file')} is not a folder`,
    );
  });
});
