import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServedRecord, servedRecordPath, writeServedRecord } from '../../../core/data/served-record.ts';
import type { ReleaseRecord } from '../../../core/store/index.ts';

const record = {
  release_id: 'rec-r1',
  status: 'published',
  created_at: '2026-11-20T00:00:00.000Z',
  published_at: '2026-11-21T00:00:00.000Z',
  data_as_of: '2026-11-01',
  manifest: { release_id: 'rec-r1', wards: [{ label: '中央区' }] },
  ingested_at: '2026-11-21T00:00:00.123Z',
} as unknown as ReleaseRecord;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'machimi-record-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the saved record of the served release', () => {
  it('reads back what was written, creating snapshots/ when missing', async () => {
    const dataDir = join(dir, 'fresh');
    await writeServedRecord(dataDir, record);
    expect(await readServedRecord(dataDir)).toEqual({ record });
  });

  it('says why there is none: absent, not JSON, another format, not a record', async () => {
    const dataDir = join(dir, 'bad');
    expect((await readServedRecord(dataDir)).reason).toMatch(/^no .*served-release\.json$/);
    await mkdir(join(dataDir, 'snapshots'), { recursive: true });
    const cases: [string, RegExp][] = [
      ['{"format":1,', /not JSON/],
      [JSON.stringify({ format: 99, record }), /format 99/],
      [JSON.stringify({ format: 1, record: { ...record, ingested_at: null } }), /not a release record/],
    ];
    for (const [text, reason] of cases) {
      await writeFile(servedRecordPath(dataDir), text);
      const read = await readServedRecord(dataDir);
      expect(read.record).toBeNull();
      expect(read.reason).toMatch(reason);
    }
  });
});
