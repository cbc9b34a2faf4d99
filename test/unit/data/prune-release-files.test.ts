import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardsSnapshotPath } from '../../../core/data/cards-snapshot.ts';
import { snapshotPath } from '../../../core/data/light-snapshot.ts';
import { pruneReleaseFiles, type StoredRelease } from '../../../core/data/prune-release-files.ts';
import { searchIndexDirOf, searchIndexPath } from '../../../core/scenery-search/search-index.ts';
import { captureLog } from '../../helpers/captured-log.ts';

let dataDir: string;
let logLines: Record<string, unknown>[];
const log = () => captureLog(logLines).log;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'machimi-prune-'));
  logLines = [];
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

// The paths the writers themselves use, so a renamed file layout fails here.
const snapshotOf = (releaseId: string) => snapshotPath(dataDir, releaseId);
const indexOf = (releaseId: string) => searchIndexPath(searchIndexDirOf(dataDir), releaseId);
const cardsOf = (releaseId: string) => cardsSnapshotPath(dataDir, releaseId);

async function put(path: string, bytes = 8): Promise<string> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, Buffer.alloc(bytes));
  return path;
}

function prune(releases: StoredRelease[], servedReleaseId = 'served-r3') {
  return pruneReleaseFiles({ dataDir, servedReleaseId, listReleases: async () => releases, log: log() });
}

describe('pruneReleaseFiles', () => {
  it('deletes every file of releases gone from the store or withdrawn, and logs each', async () => {
    const gone = [
      await put(snapshotOf('gone-r1'), 16),
      await put(indexOf('gone-r1'), 32),
      await put(cardsOf('gone-r1')),
    ];
    const withdrawn = [await put(snapshotOf('withdrawn-r2')), await put(indexOf('withdrawn-r2'))];
    const pruned = await prune([
      { release_id: 'withdrawn-r2', status: 'withdrawn' },
      { release_id: 'served-r3', status: 'published' },
    ]);
    for (const path of [...gone, ...withdrawn]) expect(existsSync(path)).toBe(false);
    expect(pruned.map((file) => [file.release_id, file.reason, file.bytes]).sort()).toEqual([
      ['gone-r1', 'not_in_store', 16],
      ['gone-r1', 'not_in_store', 32],
      ['gone-r1', 'not_in_store', 8],
      ['withdrawn-r2', 'withdrawn', 8],
      ['withdrawn-r2', 'withdrawn', 8],
    ]);
    const deletions = logLines.filter((line) => line.msg === 'deleted the file of a release no longer served');
    expect(deletions.map((line) => line.path).sort()).toEqual([...gone, ...withdrawn].sort());
    expect(logLines.find((line) => line.msg === 'release files pruned')).toMatchObject({ files: 5, bytes: 72 });
  });

  it('never deletes the served release files, even when the store does not list it', async () => {
    const served = [
      await put(snapshotOf('served-r3')),
      await put(indexOf('served-r3')),
      await put(cardsOf('served-r3')),
    ];
    expect(await prune([])).toEqual([]);
    for (const path of served) expect(existsSync(path)).toBe(true);
  });

  it('keeps the files of releases still in the store that a publish may serve', async () => {
    const kept: string[] = [];
    for (const id of ['staged-r4', 'building-r5', 'older-published-r6']) {
      kept.push(await put(snapshotOf(id)), await put(indexOf(id)));
    }
    const pruned = await prune([
      { release_id: 'staged-r4', status: 'staged' },
      { release_id: 'building-r5', status: 'building' },
      { release_id: 'older-published-r6', status: 'published' },
    ]);
    expect(pruned).toEqual([]);
    for (const path of kept) expect(existsSync(path)).toBe(true);
    expect(logLines).toEqual([]);
  });

  it('leaves alone every name it does not recognise', async () => {
    const strangers = [
      await put(`${snapshotOf('gone-r1')}.4242.tmp`),
      await put(`${indexOf('gone-r1')}.4242.partial`),
      await put(join(dataDir, 'snapshots', 'notes.txt')),
      await put(join(dataDir, 'snapshots', 'Gone-R1.light.bin')),
      await put(join(dataDir, 'snapshots', 'gone-r1.bin')),
      await put(join(dataDir, 'search-index', 'x.bin')),
      await put(join(dataDir, 'gone-r1.bin')),
      await put(join(dataDir, 'pglite', 'gone-r1.bin')),
      await put(join(indexOf('gone-r7'), 'inside')),
    ];
    expect(await prune([])).toEqual([]);
    for (const path of strangers) expect(existsSync(path)).toBe(true);
    expect(existsSync(indexOf('gone-r7'))).toBe(true);
  });

  it('does nothing, and does not ask the store, when the folders are missing', async () => {
    let asked = false;
    const pruned = await pruneReleaseFiles({
      dataDir: join(dataDir, 'absent'),
      servedReleaseId: 'served-r3',
      listReleases: async () => {
        asked = true;
        return [];
      },
      log: log(),
    });
    expect(pruned).toEqual([]);
    expect(asked).toBe(false);
  });

  // An ingest commits its release, then writes its files: listing the folders before asking the store means a file
  // that appears meanwhile is never judged against a list that predates its release.
  it('lists the folders before it asks the store', async () => {
    await put(snapshotOf('gone-r1'));
    const late = snapshotOf('ingested-meanwhile-r8');
    const pruned = await pruneReleaseFiles({
      dataDir,
      servedReleaseId: 'served-r3',
      listReleases: async () => {
        await put(late);
        return [];
      },
      log: log(),
    });
    expect(pruned.map((file) => file.release_id)).toEqual(['gone-r1']);
    expect(existsSync(late)).toBe(true);
  });
});
