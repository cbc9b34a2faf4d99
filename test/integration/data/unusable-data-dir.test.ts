import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm start` on a data folder it cannot use stops with one line naming the folder and what to do, exit 1, no stack.
// The folder is made read-only or full for real, by mounts in a mount namespace of the server's own (root only):
// as root, chmod does not stop writes. Without that, the unit tests of data-dir-errors.ts cover the translation.

const root = join(import.meta.dirname, '..', '..', '..');
const canMount =
  process.getuid?.() === 0 &&
  spawnSync('unshare', ['--mount', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs /mnt']).status === 0;

// Runs the server with DATA_DIR=<mountPoint>/data after `mounts` (shell commands) in a new mount namespace.
function serveWith(mountPoint: string, mounts: string): Promise<{ code: number | null; stderr: string }> {
  const serve = `exec "${process.execPath}" scripts/serve.ts`;
  const child = spawn('unshare', ['--mount', 'sh', '-c', `${mounts} && ${serve}`], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: join(mountPoint, 'data'), DEMO_SCENES: '100', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe.runIf(canMount)('a data folder the server cannot use', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'machimi-unusable-'));
    await mkdir(join(dir, 'source', 'data'), { recursive: true });
    await mkdir(join(dir, 'mount'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('read-only: one line naming the folder and the remedy, exit 1', async () => {
    const mount = join(dir, 'mount');
    const { code, stderr } = await serveWith(
      mount,
      `mount --bind ${join(dir, 'source')} ${mount} && mount -o remount,bind,ro ${mount}`,
    );
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `start-up failed: DATA_DIR ${mount}/data is on a read-only file system; mount it writable or set DATA_DIR to ` +
        'a writable folder (EROFS)',
    ]);
  });

  // 1 MB holds the write check but not the embedded PostgreSQL: the error comes from inside PGlite.
  it('full: one line naming the folder and the remedy, exit 1', async () => {
    const mount = join(dir, 'mount');
    const { code, stderr } = await serveWith(mount, `mount -t tmpfs -o size=1m tmpfs ${mount}`);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `start-up failed: DATA_DIR ${mount}/data is full (no space left on its device); free space there or set ` +
        'DATA_DIR to a folder with room (ENOSPC)',
    ]);
  }, 120_000);
});
