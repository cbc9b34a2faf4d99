import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../../core/store/data-dir-lock.ts';

const holder = join(import.meta.dirname, 'hold-data-dir-lock.ts');
const children: ChildProcess[] = [];

// Starts a process that takes the lock; resolves with its first line ("locked <pid>" or "refused <message>").
function hold(path: string, command: string[] = []): Promise<{ child: ChildProcess; line: string }> {
  const [file = process.execPath, ...args] = [...command, process.execPath, holder, path];
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`no answer from the lock holder: ${text}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve({ child, line: text.trim() });
      }
    });
    child.on('error', reject);
  });
}

function killHard(pid: number): Promise<void> {
  process.kill(pid, 'SIGKILL');
  return new Promise((resolve) => {
    const check = setInterval(() => {
      if (!existsSync(`/proc/${pid}`) || readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] === 'Z') {
        clearInterval(check);
        resolve();
      }
    }, 5);
  });
}

// `unshare --pid --fork --mount-proc` runs a process as PID 1 of a new PID namespace, as a container does (root only).
const canUnshare =
  process.getuid?.() === 0 && spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

describe('data folder lock', () => {
  let dir: string;
  let path: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'machimi-lock-'));
    path = join(dir, 'pglite.lock');
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('lets one opener in at a time and names the holder', async () => {
    const release = await lockDataDir(path, 'the data folder');
    await expect(lockDataDir(path, 'the data folder')).rejects.toThrow(
      `the data folder is in use by process ${process.pid} (this one)`,
    );
    await release();
    expect(existsSync(path)).toBe(false);
    const again = await lockDataDir(path, 'the data folder');
    await again();
  });

  it('refuses while another process holds it, and is taken at once after that process is killed -9', async () => {
    const { child, line } = await hold(path);
    expect(line).toBe(`locked ${child.pid}`);
    const attempt = lockDataDir(path, 'the data folder');
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    // The holder names itself when it answers within a second; a busy one is named "another process".
    await expect(attempt).rejects.toThrow(
      new RegExp(`^the data folder is in use by (process ${child.pid}|another process); stop it first`),
    );
    await killHard(child.pid as number);
    const started = performance.now();
    const release = await lockDataDir(path, 'the data folder');
    expect(performance.now() - started).toBeLessThan(1000);
    await release();
  });

  it('takes over a lock file left by an older version (a pid, here a live one: this process)', async () => {
    await writeFile(path, String(process.pid));
    const release = await lockDataDir(path, 'the data folder');
    await release();
  });

  it('gives the lock to one of many processes starting at once on a stale lock', async () => {
    const { child } = await hold(path);
    await killHard(child.pid as number);
    const lines = (await Promise.all(Array.from({ length: 4 }, () => hold(path)))).map((started) => started.line);
    expect(lines.filter((line) => line.startsWith('locked')).length).toBe(1);
    expect(lines.filter((line) => line.startsWith('refused the data folder is in use by')).length).toBe(3);
  });

  // A Unix socket path holds 108 bytes; a data folder deeper than that still locks.
  it('locks a data folder whose path is longer than a socket path may be', async () => {
    const deep = join(
      dir,
      'a-folder-name-of-fifty-characters-for-this-test-x',
      'and-another-one-of-fifty-characters-to-go-deep-xx',
    );
    await mkdir(deep, { recursive: true });
    const release = await lockDataDir(join(deep, 'pglite.lock'), 'the data folder');
    await expect(lockDataDir(join(deep, 'pglite.lock'), 'the data folder')).rejects.toThrow('(this one)');
    await release();
  });

  it.runIf(canUnshare)('restarts at once as PID 1 of a new PID namespace after PID 1 was killed -9', async () => {
    const container = ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child'];
    const first = await hold(path, container);
    expect(first.line).toBe('locked 1');
    // The namespace's PID 1 is the unshare process's child; killing it ends the namespace, as a container's end.
    const inner = Number(
      readFileSync(`/proc/${first.child.pid}/task/${first.child.pid}/children`, 'utf8').trim().split(' ')[0],
    );
    await killHard(inner);
    const second = await hold(path, container);
    expect(second.line).toBe('locked 1');
    await expect(lockDataDir(path, 'the data folder')).rejects.toThrow(
      /^the data folder is in use by (process 1|another)/,
    );
  });
});
