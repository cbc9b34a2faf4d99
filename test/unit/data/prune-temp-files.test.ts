import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardsSnapshotPath } from '../../../core/data/cards-snapshot.ts';
import { snapshotPath } from '../../../core/data/light-snapshot.ts';
import { pruneTempFiles } from '../../../core/data/prune-temp-files.ts';
import { servedRecordPath } from '../../../core/data/served-record.ts';
import { searchIndexDirOf, searchIndexPath } from '../../../core/scenery-search/search-index.ts';
import { captureLog } from '../../helpers/captured-log.ts';

let dataDir: string;
let logLines: Record<string, unknown>[];
const log = () => captureLog(logLines).log;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'machimi-prune-temp-'));
  logLines = [];
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

// The writers' own final paths plus the suffixes they write first (section-file.ts, served-record.ts, persist.ts).
const tmpOf = (path: string, pid: number) => `${path}.${pid}.tmp`;
const partialOf = (path: string, pid: number) => `${path}.${pid}.partial`;

async function put(path: string, bytes = 8): Promise<string> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, Buffer.alloc(bytes));
  return path;
}

/** The pid of a process that has exited (not reused within the test: pids cycle through tens of thousands). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid as number;
}

describe('pruneTempFiles', () => {
  it('deletes the temporary files of writers that no longer run, and logs each', async () => {
    const dead = deadPid();
    const left = [
      await put(tmpOf(snapshotPath(dataDir, 'rel-a1'), dead), 16),
      await put(tmpOf(cardsSnapshotPath(dataDir, 'rel-a1'), dead), 24),
      await put(tmpOf(servedRecordPath(dataDir), dead)),
      await put(partialOf(searchIndexPath(searchIndexDirOf(dataDir), 'rel-a1'), dead), 32),
    ];
    const pruned = await pruneTempFiles(dataDir, log());
    expect(pruned.map((file) => file.path).sort()).toEqual([...left].sort());
    expect(pruned.map((file) => file.bytes).sort((a, b) => a - b)).toEqual([8, 16, 24, 32]);
    for (const path of left) expect(existsSync(path), path).toBe(false);
    const lines = logLines.filter(
      (line) => line.msg === 'deleted the temporary file of a writer that stopped mid-write',
    );
    expect(lines.map((line) => line.path).sort()).toEqual([...left].sort());
    expect(lines.every((line) => line.pid === dead)).toBe(true);
  });

  it("keeps a live writer's temporary files, final files and names that are not a writer's", async () => {
    const dead = deadPid();
    const kept = [
      await put(tmpOf(snapshotPath(dataDir, 'rel-b1'), process.pid)),
      await put(partialOf(searchIndexPath(searchIndexDirOf(dataDir), 'rel-b1'), process.pid)),
      await put(snapshotPath(dataDir, 'rel-b1')),
      await put(searchIndexPath(searchIndexDirOf(dataDir), 'rel-b1')),
      await put(join(dataDir, 'snapshots', `notes.txt.${dead}.tmp`)),
      await put(join(dataDir, 'search-index', `rel-b1.bin.${dead}.tmp`)),
      await put(join(dataDir, 'elsewhere', `rel-b1.light.bin.${dead}.tmp`)),
    ];
    expect(await pruneTempFiles(dataDir, log())).toEqual([]);
    for (const path of kept) expect(existsSync(path), path).toBe(true);
  });

  it('does nothing in a folder without the cache folders', async () => {
    expect(await pruneTempFiles(join(dataDir, 'absent'), log())).toEqual([]);
  });
});
