// A start whose PostgreSQL refuses connections serves the release from DATA_DIR (core/data/snapshot-start.ts). The
// card records must be in before the start returns (and so before npm start listens): nearby's only other source
// of pages is the store, which is down, so a request arriving before them would answer the outage, not the snapshot.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../core/config.ts';
import { openServedRelease } from '../../../core/data/bootstrap.ts';
import { packCardRecords } from '../../../core/data/card-records.ts';
import { cardsSnapshotPath, writeCardsSnapshot } from '../../../core/data/cards-snapshot.ts';
import { snapshotPath, writeLightSnapshot } from '../../../core/data/light-snapshot.ts';
import { writeServedRecord } from '../../../core/data/served-record.ts';
import type { ReleaseLight } from '../../../core/data/served-release.ts';
import { type ReleaseRecord, type SceneCardColumns, TextColumnBuilder } from '../../../core/store/index.ts';
import { captureLog } from '../../helpers/captured-log.ts';

const key = { release_id: 'outage-r1', ingested_at: '2026-11-21T00:00:00.123Z' };
const record = { ...key, status: 'published', manifest: { release_id: key.release_id } } as unknown as ReleaseRecord;

function releaseLight(): ReleaseLight {
  return {
    scenes: {
      count: 2,
      ids: ['9007199254740993001', '9007199254740993002'],
      lats: Float64Array.from([34.61, 34.62]),
      lons: Float64Array.from([135.01, 135.02]),
      captureYears: [2021, 2022],
      quarantined: new Uint8Array(2),
      wards: ['中央区', '中央区'],
      generationIds: ['gen1'],
      statusByGeneration: [Uint8Array.from([1, 1])],
    },
    generations: [],
    amenities: [],
    changes: [],
    edges: [],
    streets: [],
    areas: [],
  };
}

function cardColumns(): SceneCardColumns {
  const interned = { labels: [null, 'a'], codes: Uint16Array.from([1, 1]) };
  const summary = new TextColumnBuilder(2, 8);
  summary.set(0, '石畳の坂道');
  summary.set(1, '商店街');
  return {
    count: 2,
    positionSource: interned,
    viewClass: interned,
    travelBearing: Float64Array.from([90, 180]),
    isPano: Int8Array.from([0, 0]),
    byGeneration: [{ model: interned, promptVersion: interned, analysisStatus: interned, summary: summary.build() }],
  };
}

/** A loopback port nothing listens on: connections to it are refused at once. */
async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'machimi-snapshot-start-'));
  const light = releaseLight();
  const cards = packCardRecords(light.scenes, cardColumns());
  if (typeof cards === 'string') throw new Error(cards);
  await writeLightSnapshot(snapshotPath(dataDir, key.release_id), key, light);
  await writeCardsSnapshot(cardsSnapshotPath(dataDir, key.release_id), key, cards);
  await writeServedRecord(dataDir, record);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('a start while the database refuses connections', () => {
  it('returns the release with its card records loaded, even when it may leave work for after listening', async () => {
    const config = parseConfig({ LOG_LEVEL: 'silent' });
    const { log, lines } = captureLog([], { logLevel: 'info' });
    const background: Promise<void>[] = [];
    const databaseUrl = `postgres://machimi@127.0.0.1:${await refusedPort()}/machimi`;
    const { store, release } = await openServedRelease(
      config,
      log,
      { databaseUrl, timeoutMs: 500 },
      { snapshotDir: dataDir, background: (task) => background.push(task) },
    );
    try {
      expect(store.health.isUp).toBe(false);
      expect(release.record.release_id).toBe(key.release_id);
      expect(release.scenes.cards?.count).toBe(2);
      expect(release.scenes.cards?.summary(1, 0)).toBe('商店街');
      expect(lines.map((line) => line.msg)).toContainEqual(expect.stringMatching(/^database unreachable at start/));
    } finally {
      await Promise.allSettled(background);
      await store.close();
    }
  });
});
