import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLightSnapshot, snapshotPath, writeLightSnapshot } from '../../../core/data/light-snapshot.ts';
import type { ReleaseLight } from '../../../core/data/served-release.ts';

const key = { release_id: 'snap-r1', ingested_at: '2026-11-21T00:00:00.123Z' };

function sampleLight(): ReleaseLight {
  return {
    scenes: {
      count: 4,
      ids: ['9007199254740993001', '123456789012345', '18446744073709551615', '9007199254740993007'],
      lats: Float64Array.from([34.6937, 34.70000000000001, -89.999999, 0]),
      lons: Float64Array.from([135.1955, 135.2, 179.999999, -0]),
      captureYears: [2019, null, 1996, 2026],
      quarantined: Uint8Array.from([0, 0, 1, 0]),
      wards: ['中央区', null, '灘区', '中央区'],
      generationIds: ['gen1-hostedvl', 'gen2-localvl'],
      statusByGeneration: [Uint8Array.from([1, 0, 3, 0]), Uint8Array.from([1, 2, 0, 0])],
    },
    generations: [],
    amenities: [],
    changes: [],
    edges: [],
    streets: [],
    areas: [],
  };
}

describe('light snapshot', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'machimi-snapshot-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('gives back exactly what was written: ids as strings beyond 2^53, unknown years and wards, statuses', async () => {
    const path = snapshotPath(dir, 'roundtrip');
    const light = sampleLight();
    light.edges = [{ edge_id: 'e1', geom: [[135.1, 34.6]], name: null } as never];
    await writeLightSnapshot(path, key, light);
    const read = await readLightSnapshot(path, key);
    expect(read.light).toEqual(light);
    expect(read.light?.scenes.wards[0]).toBe(read.light?.scenes.wards[3]); // one string per ward
  });

  it('writes a table column of repeated strings once and gives back the same rows', async () => {
    const path = snapshotPath(dir, 'shared');
    const light = sampleLight();
    const amenity = (i: number) => ({
      id: `bn_${i}`,
      kind: i % 3 === 0 ? 'toilet' : 'bench',
      scene_id: `9007199254740993${i}`,
      lat: 34.6 + i / 1000,
      lon: 135.1,
      capture_year: 2020,
      evidence: i % 2 === 0 ? '左手に休憩用の長椅子がある。' : '右手に木製のベンチが写っている。',
      object_position: i === 4 ? null : '左手',
      object_distance_m_est: i === 5 ? 3.5 : null,
      confidence: 'high',
      generation_id: 'gen9-sharedvl',
      ward: i === 1 ? null : '中央区',
      evidence_count: 2,
    });
    light.amenities = Array.from({ length: 8 }, (_, i) => amenity(i)) as never;
    // A column mixing strings and numbers, nested values and an absent key stay as they are; a column of scene ids
    // refers to the scene rows, one with another id among them stays as written.
    const [first, second, third] = light.scenes.ids as [string, string, string];
    light.edges = [
      { edge_id: 'e1', geom: [[135.1, 34.6]], name: null, highway: 'residential', mixed: 'a', scene: first },
      { edge_id: 'e2', geom: [[135.2, 34.7]], name: '坂道', highway: 'residential', mixed: 1, scene: third },
      { edge_id: 'e3', geom: [], name: '坂道', mixed: 'a', scene: second, other: first },
      { edge_id: 'e4', geom: [], name: null, mixed: 'a', scene: null, other: '12345678901234567' },
    ] as never;
    await writeLightSnapshot(path, key, light);
    const read = await readLightSnapshot(path, key);
    expect(read.light).toEqual(light);
    expect(Object.keys(read.light?.amenities[0] ?? {})).toEqual(Object.keys(amenity(0)));
    const file = await readFile(path);
    const occurrences = (text: string) => file.toString('utf8').split(text).length - 1;
    expect(occurrences('左手に休憩用の長椅子がある。')).toBe(1);
    expect(occurrences('gen9-sharedvl')).toBe(1);
    expect(occurrences('"bn_7"')).toBe(1);
    expect(occurrences(`"${third}"`)).toBe(1);
    expect(occurrences(`"${first}"`)).toBe(2);
  });

  it('holds an empty release', async () => {
    const path = snapshotPath(dir, 'empty');
    const light = sampleLight();
    light.scenes = {
      ...light.scenes,
      count: 0,
      ids: [],
      lats: new Float64Array(0),
      lons: new Float64Array(0),
      captureYears: [],
      quarantined: new Uint8Array(0),
      wards: [],
      statusByGeneration: [new Uint8Array(0), new Uint8Array(0)],
    };
    await writeLightSnapshot(path, key, light);
    expect((await readLightSnapshot(path, key)).light).toEqual(light);
  });

  it('is not used when absent, for another ingest of the release, or when a byte changed', async () => {
    expect(await readLightSnapshot(snapshotPath(dir, 'none'), key)).toEqual({ light: null, reason: 'absent' });
    const path = snapshotPath(dir, 'checked');
    await writeLightSnapshot(path, key, sampleLight());
    const again = { ...key, ingested_at: '2026-11-22T00:00:00.000Z' };
    expect((await readLightSnapshot(path, again)).reason).toMatch(/^stale/);
    expect((await readLightSnapshot(path, { ...key, release_id: 'snap-r2' })).reason).toMatch(/^stale/);
    const bytes = await readFile(path);
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] as number) ^ 0xff;
    await writeFile(path, bytes);
    expect(await readLightSnapshot(path, key)).toEqual({ light: null, reason: 'checksum mismatch' });
    await writeFile(path, 'not a snapshot');
    expect(await readLightSnapshot(path, key)).toEqual({ light: null, reason: 'not a light snapshot' });
    await writeFile(path, bytes.subarray(0, 100));
    expect((await readLightSnapshot(path, key)).light).toBeNull();
  });

  it('replaces a snapshot atomically and leaves no temporary file', async () => {
    const path = snapshotPath(dir, 'replaced');
    await writeLightSnapshot(path, key, sampleLight());
    const light = sampleLight();
    light.scenes.lats[0] = 35;
    await writeLightSnapshot(path, key, light);
    expect((await readLightSnapshot(path, key)).light?.scenes.lats[0]).toBe(35);
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(join(dir, 'snapshots'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
