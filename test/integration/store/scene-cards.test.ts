// The card records (data/card-records.ts, packed from store/queries/scene-cards.ts) must give every nearby item exactly
// as the store path makes it from a card, on every driver, for every scene and generation; their snapshot must read
// back equal, and a later load reads it instead of the store.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServedRelease } from '../../../core/data/served-release.ts';
import { loadServedRelease } from '../../../core/data/served-release.ts';
import { createStartupTimer } from '../../../core/data/startup-timer.ts';
import { ByteWriter } from '../../../core/json/byte-writer.ts';
import { ingestRelease } from '../../../core/release/ingest.ts';
import { itemFromColumns } from '../../../core/scenes/columns.ts';
import { makeItemPrinter } from '../../../core/scenes/item-printer.ts';
import { imagePageOf, toSceneItem, versionsOf } from '../../../core/scenes/items.ts';
import { blockRangesOf, getSceneCards, loadSceneCardColumns, loadSceneLight } from '../../../core/store/index.ts';
import { testRelease } from '../../helpers/server.ts';
import { writeRelease } from './fixture.ts';
import { storeVariants } from './variants.ts';

/** Compares, for every scene and generation, the item from the columns with the item from the store's card. */
async function compareWithStore(release: ServedRelease): Promise<{ compared: number; unreadable: number }> {
  const { light, cards } = release.scenes;
  if (!cards) throw new Error('card records are not loaded');
  const versions = versionsOf(release.generations);
  const template = release.manifest.image_page_template;
  const context = {
    layer: release.scenes,
    cards,
    versions,
    imagePageTemplate: template,
  };
  const print = makeItemPrinter(context);
  let compared = 0;
  let unreadable = 0;
  for (let g = 0; g < light.generationIds.length; g++) {
    const generationId = light.generationIds[g] as string;
    const rows = [...light.ids.keys()].filter((row) => (light.statusByGeneration[g] as Uint8Array)[row] !== 0);
    for (let from = 0; from < rows.length; from += 500) {
      const batch = rows.slice(from, from + 500);
      const picks = batch.map((row) => ({ sceneId: light.ids[row] as string, generationId }));
      const storeCards = await getSceneCards(release.store, release.record.release_id, picks);
      batch.forEach((row, index) => {
        const card = storeCards[index];
        expect(card?.id).toBe(light.ids[row]);
        const fromColumns = itemFromColumns(context, row, g);
        const distanceM = row % 3001;
        const writer = new ByteWriter(64);
        const printed = print(writer, row, g, distanceM);
        if (!card || card.generation_id === null || card.summary === null) {
          expect(fromColumns).toBeNull();
          expect(printed).toBe(false);
          expect(writer.length).toBe(0);
          unreadable++;
          return;
        }
        const fromStore = toSceneItem(card, 0, versions.get(generationId) ?? 1, imagePageOf(template, card.id));
        expect(fromColumns).toEqual(fromStore);
        expect(JSON.stringify(fromColumns)).toBe(JSON.stringify(fromStore));
        // The printer's bytes are the item's JSON at that distance, byte for byte.
        expect(printed).toBe(true);
        const expected = Buffer.from(JSON.stringify({ ...fromStore, distance_m: distanceM }), 'utf8');
        expect(Buffer.from(writer.finish()).equals(expected)).toBe(true);
        compared++;
      });
    }
  }
  return { compared, unreadable };
}

describe('card records of the demo release', () => {
  it('give every scene and generation the item the store gives', async () => {
    const { release } = await testRelease();
    const { compared } = await compareWithStore(release);
    expect(compared).toBeGreaterThan(release.scenes.light.count);
  });

  it('read in many small block ranges are the columns of one read', async () => {
    const { release } = await testRelease();
    const { store } = release;
    const { ids, generationIds } = release.scenes.light;
    const releaseId = release.record.release_id;
    const ranges = await blockRangesOf(store, 'verbalizations', 8);
    expect(ranges.length).toBeGreaterThan(10);
    expect(ranges[0]).toBe("ctid >= '(0,0)'::tid AND ctid < '(8,0)'::tid");
    expect(ranges[1]).toBe("ctid >= '(8,0)'::tid AND ctid < '(16,0)'::tid");
    const whole = await loadSceneCardColumns(store, releaseId, ids, generationIds, { blocksPerRange: 1_000_000 });
    const ranged = await loadSceneCardColumns(store, releaseId, ids, generationIds, { blocksPerRange: 8 });
    expect(ranged).toEqual(whole);
    // The light columns too, in the same store order.
    const lightWhole = await loadSceneLight(store, releaseId, { blocksPerRange: 1_000_000 });
    expect(await loadSceneLight(store, releaseId, { blocksPerRange: 8 })).toEqual(lightWhole);
    expect(lightWhole.ids).toEqual(ids);
  });
});

for (const variant of storeVariants()) {
  describe(`card records on ${variant.name}`, () => {
    const dirs: string[] = [];
    afterAll(async () => {
      await variant.cleanup();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    it('are read from the store, written to their snapshot, read back equal from it', async () => {
      const { store } = await variant.openFresh();
      const snapshotDir = await mkdtemp(join(tmpdir(), 'machimi-cards-it-'));
      const release = await writeRelease({ releaseId: 'cards-r1' });
      dirs.push(snapshotDir, release.dir);
      try {
        await ingestRelease(store, release.dir);
        const first = createStartupTimer(null);
        const fromStore = await loadServedRelease(store, { timer: first, snapshotDir });
        expect(Object.keys(first.summary().phases)).toEqual(
          expect.arrayContaining(['read_cards_snapshot', 'read_cards']),
        );
        const second = createStartupTimer(null);
        const fromSnapshot = await loadServedRelease(store, { timer: second, snapshotDir });
        expect(Object.keys(second.summary().phases)).toContain('read_cards_snapshot');
        expect(Object.keys(second.summary().phases)).not.toContain('read_cards');
        expect(fromSnapshot?.scenes.cards).toEqual(fromStore?.scenes.cards);
        if (!fromSnapshot) throw new Error('no release served');
        expect((await compareWithStore(fromSnapshot)).compared).toBeGreaterThan(0);
      } finally {
        await store.close();
      }
    });

    // block-ranges.ts: a start from the store reads the card columns a block range at a time; every row lies in
    // exactly one range, whatever their size, and rows of another release in the same blocks are left out.
    it('are the same read in one-block ranges as in one range, beside another release', async () => {
      const { store } = await variant.openFresh();
      const first = await writeRelease({ releaseId: 'cards-ranges-r1' });
      const second = await writeRelease({ releaseId: 'cards-ranges-r2' });
      dirs.push(first.dir, second.dir);
      try {
        await ingestRelease(store, first.dir);
        await ingestRelease(store, second.dir);
        const served = await loadServedRelease(store, { snapshotDir: null });
        if (!served) throw new Error('no release served');
        const { ids, generationIds } = served.scenes.light;
        const releaseId = served.record.release_id;
        expect(await blockRangesOf(store, 'verbalizations', 1_000_000)).toEqual(["ctid >= '(0,0)'::tid"]);
        expect((await blockRangesOf(store, 'verbalizations', 1)).at(-1)).not.toContain('ctid <');
        const whole = await loadSceneCardColumns(store, releaseId, ids, generationIds, { blocksPerRange: 1_000_000 });
        const ranged = await loadSceneCardColumns(store, releaseId, ids, generationIds, { blocksPerRange: 1 });
        expect(ranged).toEqual(whole);
        expect(whole.byGeneration.some((columns) => columns.summary.lengths.some((length) => length > 0))).toBe(true);
        await expect(blockRangesOf(store, 'verbalizations', 0)).rejects.toThrow('blocksPerRange');
      } finally {
        await store.close();
      }
    });
  });
}
