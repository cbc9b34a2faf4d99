import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../../core/store/data-dir-lock.ts';

describe('data folder lock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'machimi-lock-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lets one opener in at a time and names the holder', async () => {
    const path = join(dir, 'pglite.lock');
    const release = await lockDataDir(path, 'the data folder');
    expect(await readFile(path, 'utf8')).toBe(String(process.pid));
    await expect(lockDataDir(path, 'the data folder')).rejects.toThrow(
      `the data folder is in use by process ${process.pid} (this one)`,
    );
    await release();
    const again = await lockDataDir(path, 'the data folder');
    await again();
  });

  it('takes over a lock left by a process that has ended', async () => {
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    const path = join(dir, 'pglite.lock');
    await writeFile(path, ended.stdout);
    const release = await lockDataDir(path, 'the data folder');
    expect(await readFile(path, 'utf8')).toBe(String(process.pid));
    await release();
  });
});
