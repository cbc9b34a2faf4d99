// The start-up snapshot of the light columns must hold exactly what the store gives, on every driver; a later start
// reads it instead of the store, and a release ingested again is read from the store again.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadServedRelease, readReleaseLight, writeReleaseSnapshot } from '../../../core/data/served-release.ts';
import { createStartupTimer } from '../../../core/data/startup-timer.ts';
import { ingestRelease } from '../../../core/release/ingest.ts';
import { deleteRelease, getServedRelease } from '../../../core/store/index.ts';
import { bruteLinesNear } from '../../../scripts/bench/geo/brute-force.ts';
import { writeRelease } from './fixture.ts';
import { storeVariants } from './variants.ts';

for (const variant of storeVariants()) {
  describe(`light snapshot on ${variant.name}`, () => {
    const dirs: string[] = [];
    afterAll(async () => {
      await variant.cleanup();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    it('is written on the first load, read on the next, and equals the store', async () => {
      const { store } = await variant.openFresh();
      const snapshotDir = await mkdtemp(join(tmpdir(), 'machimi-snapshot-it-'));
      const release = await writeRelease({ releaseId: 'snapshot-r1' });
      dirs.push(snapshotDir, release.dir);
      try {
        await ingestRelease(store, release.dir);
        const first = createStartupTimer(null);
        const fromStore = await loadServedRelease(store, { timer: first, snapshotDir });
        expect(Object.keys(first.summary().phases)).toEqual(
          expect.arrayContaining(['read_snapshot', 'read_light', 'write_snapshot']),
        );
        const second = createStartupTimer(null);
        const fromSnapshot = await loadServedRelease(store, { timer: second, snapshotDir });
        expect(Object.keys(second.summary().phases)).not.toContain('read_light');
        expect(fromSnapshot?.scenes.light).toEqual(fromStore?.scenes.light);
        const light = await readReleaseLight(store, 'snapshot-r1');
        const { scenes, ...tables } = light;
        expect(fromSnapshot?.scenes.light).toEqual(scenes);
        expect(fromSnapshot?.generations).toEqual(tables.generations);
        expect(tables.amenities.length).toBeGreaterThan(0);
        for (const [kind, { rows }] of fromStore?.amenities ?? [])
          expect(fromSnapshot?.amenities.get(kind)?.rows).toEqual(rows);
        expect(fromSnapshot?.changes.rows).toEqual(tables.changes);
        expect(fromSnapshot?.edges.rows).toEqual(tables.edges);
        expect(fromSnapshot?.streets.rows).toEqual(tables.streets);
        expect(fromSnapshot?.areas.rows).toEqual(tables.areas);

        // The same release id ingested again (after a delete) is another ingest: its old snapshot is stale.
        await deleteRelease(store, 'snapshot-r1');
        await ingestRelease(store, release.dir);
        const third = createStartupTimer(null);
        await loadServedRelease(store, { timer: third, snapshotDir });
        expect(Object.keys(third.summary().phases)).toContain('read_light');
      } finally {
        await store.close();
      }
    });

    it('indexes the street axes and the edges it loads: each answers as brute force over its rows', async () => {
      const { store } = await variant.openFresh();
      const release = await writeRelease({ releaseId: 'snapshot-r3' });
      dirs.push(release.dir);
      try {
        await ingestRelease(store, release.dir);
        const served = await loadServedRelease(store);
        if (!served) throw new Error('the ingested release is not served');
        const layers = [
          { name: 'streets', index: served.streets.index, lines: served.streets.rows.map((row) => row.axis) },
          { name: 'edges', index: served.edges.index, lines: served.edges.rows.map((row) => row.geom) },
        ];
        for (const { name, index, lines } of layers) {
          expect(lines.length, name).toBeGreaterThan(0);
          expect(index.size, name).toBe(lines.length);
          // From every line's first vertex (so each query finds at least its own line) and between two lines.
          const points = lines.map((line) => line[0] as [number, number]);
          for (const [lat, lon] of points) {
            for (const radiusM of [0, 25, 400]) {
              const expected = bruteLinesNear(lines, lat, lon, radiusM);
              expect(expected.length, name).toBeGreaterThan(0);
              const found = index.near(lat, lon, { radiusM });
              expect(
                found.map((hit) => hit.line),
                `${name} r=${radiusM}`,
              ).toEqual(expected.map((hit) => hit.line));
              for (const [i, hit] of found.entries()) {
                expect(hit.distanceM).toBeCloseTo(expected[i]?.distanceM ?? Number.NaN, 6);
              }
            }
          }
        }
      } finally {
        await store.close();
      }
    });

    it('can be written right after ingest, so the first start reads the file', async () => {
      const { store } = await variant.openFresh();
      const snapshotDir = await mkdtemp(join(tmpdir(), 'machimi-snapshot-it-'));
      const release = await writeRelease({ releaseId: 'snapshot-r2' });
      dirs.push(snapshotDir, release.dir);
      try {
        await ingestRelease(store, release.dir);
        const written = await writeReleaseSnapshot(store, snapshotDir, 'snapshot-r2');
        expect(written.path).toContain('snapshot-r2');
        expect((await getServedRelease(store))?.release_id).toBe('snapshot-r2');
        const timer = createStartupTimer(null);
        const served = await loadServedRelease(store, { timer, snapshotDir });
        expect(Object.keys(timer.summary().phases)).not.toContain('read_light');
        expect(served?.scenes.light.count).toBe((await readReleaseLight(store, 'snapshot-r2')).scenes.count);
      } finally {
        await store.close();
      }
    });
  });
}
