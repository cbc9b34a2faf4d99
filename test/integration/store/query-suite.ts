// Every store query the server uses, against the fixture release, on both drivers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRelease } from '../../../core/release/ingest.ts';
import { RELEASE_TABLES } from '../../../core/release/tables.ts';
import { normalizeName } from '../../../core/store/normalize.ts';
import {
  getArea,
  getEdge,
  getStreet,
  getStreetEdges,
  loadAreaLight,
  loadEdgeLight,
  loadStreetLight,
  searchAreas,
  searchStreets,
} from '../../../core/store/queries/layers.ts';
import {
  getChange,
  listGenerations,
  loadAmenities,
  loadChangeLight,
  searchSchools,
} from '../../../core/store/queries/points.ts';
import { loadSceneLight } from '../../../core/store/queries/scene-light.ts';
import { getSceneCards, getSceneDetail, iterateVerbalizations } from '../../../core/store/queries/scenes.ts';
import { deleteRelease, getServedRelease } from '../../../core/store/releases.ts';
import type { Store } from '../../../core/store/types.ts';
import { buildRows, ids, writeRelease } from './fixture.ts';
import type { StoreVariant } from './variants.ts';

const rid = 'store-query-r1';

export function describeQuerySuite(variant: StoreVariant): void {
  describe(`queries on ${variant.name}`, () => {
    let store: Store;
    const rows = buildRows();

    beforeAll(async () => {
      store = (await variant.openFresh()).store;
      await ingestRelease(store, (await writeRelease({ releaseId: rid })).dir);
    });
    afterAll(async () => {
      await store?.close();
    });

    describe('scenes', () => {
      it('returns a scene with all its verbalizations and its machine row, values unchanged', async () => {
        const detail = await getSceneDetail(store, rid, ids.full);
        expect(detail?.scene).toEqual(rows.scenes[0]);
        expect(detail?.verbalizations).toEqual([rows.verbalizations[0], rows.verbalizations[1]]);
        expect(detail?.machine).toEqual(rows.machine_features[0]);
        expect(typeof detail?.scene.id).toBe('string');
      });

      it('returns quarantined scenes and scenes without verbalization or machine row by id', async () => {
        expect((await getSceneDetail(store, rid, ids.quarantined))?.scene.quarantined).toBe(true);
        const bare = await getSceneDetail(store, rid, ids.bare);
        expect(bare).toMatchObject({ verbalizations: [], machine: null });
        const invalid = await getSceneDetail(store, rid, ids.deprecatedInvalid);
        expect(invalid?.verbalizations[0]).toMatchObject({ analysis_status: 'invalid', status: 'deprecated' });
        expect(await getSceneDetail(store, rid, '9007199254740993999')).toBeNull();
        expect(await getSceneDetail(store, 'other-release', ids.full)).toBeNull();
      });

      it('gives nearby cards in the order asked, with the picked verbalization or none', async () => {
        const cards = await getSceneCards(store, rid, [
          { sceneId: ids.bare, generationId: null },
          { sceneId: ids.full, generationId: 'gen2-local' },
          { sceneId: '9007199254740993999', generationId: 'gen2-local' },
          { sceneId: ids.experimental, generationId: 'gen2-local' },
        ]);
        expect(cards.map((card) => card.id)).toEqual([ids.bare, ids.full, ids.experimental]);
        expect(cards[0]).toMatchObject({ generation_id: null, summary: null, ward: null, capture_year: null });
        expect(cards[1]).toMatchObject({ generation_id: 'gen2-local', status: 'released', analysis_status: 'ok' });
        expect(cards[1]?.summary).toBe(rows.verbalizations[1]?.summary);
        expect(cards[2]).toMatchObject({ status: 'experimental', ward: '北区' });
        expect(await getSceneCards(store, rid, [])).toEqual([]);
      });

      it('loads the light columns with verbalization status per generation', async () => {
        const light = await loadSceneLight(store, rid);
        expect(light.count).toBe(5);
        expect([...light.ids].sort()).toEqual(rows.scenes.map((scene) => scene.id).sort());
        const at = (id: string) => light.ids.indexOf(id);
        expect(light.lats[at(ids.experimental)]).toBe(34.6502);
        expect(light.lons[at(ids.full)]).toBe(rows.scenes[0]?.lon);
        expect(light.captureYears[at(ids.bare)]).toBeNull();
        expect(light.captureYears[at(ids.full)]).toBe(2024);
        expect(Array.from(light.quarantined)).toEqual(light.ids.map((id) => (id === ids.quarantined ? 1 : 0)));
        expect(light.wards[at(ids.bare)]).toBeNull();
        expect(light.wards[at(ids.experimental)]).toBe('北区');
        expect(light.generationIds).toEqual(['gen1-vlm', 'gen2-local']);
        const [gen1, gen2] = light.statusByGeneration;
        const status = (id: string) => [gen1?.[at(id)], gen2?.[at(id)]];
        expect(status(ids.full)).toEqual([1, 1]);
        expect(status(ids.experimental)).toEqual([0, 2]);
        expect(status(ids.deprecatedInvalid)).toEqual([3, 0]);
        expect(status(ids.quarantined)).toEqual([0, 1]);
        expect(status(ids.bare)).toEqual([0, 0]);
      });

      it('iterates verbalizations in pages, optionally of one generation', async () => {
        const all = [];
        for await (const row of iterateVerbalizations(store, rid, { pageSize: 2 })) all.push(row);
        expect(all).toHaveLength(rows.verbalizations.length);
        const gen1 = [];
        for await (const row of iterateVerbalizations(store, rid, { generationId: 'gen1-vlm', pageSize: 1 }))
          gen1.push(row);
        expect(gen1.map((row) => row.scene_id).sort()).toEqual([ids.deprecatedInvalid, ids.full].sort());
      });
    });

    describe('streets, edges and areas', () => {
      it('loads light rows and full rows by key', async () => {
        const streets = await loadStreetLight(store, rid);
        expect(streets.map((street) => [street.street_id, street.has_karte])).toEqual([
          [1, false],
          [2, true],
          [3, false],
        ]);
        expect(streets[0]?.axis).toEqual(rows.streets[0]?.axis);
        expect(await getStreet(store, rid, 2)).toEqual(rows.streets[1]);
        expect(await getStreet(store, rid, 99)).toBeNull();

        expect((await loadEdgeLight(store, rid)).map((edge) => edge.edge_id)).toEqual(['1_2', '3_4']);
        expect((await getStreetEdges(store, rid, 1)).map((edge) => edge.edge_id)).toEqual(['1_2']);
        expect(await getEdge(store, rid, '3_4')).toEqual(rows.edges[1]);
        expect(await getEdge(store, rid, '9_9')).toBeNull();

        const areas = await loadAreaLight(store, rid);
        expect(areas.map((area) => area.town_key)).toEqual(['281100010', '281100020']);
        expect(areas[0]?.geometry).toEqual(rows.areas[0]?.geometry);
        expect(await getArea(store, rid, '281100020')).toEqual(rows.areas[1]);
        expect(await getArea(store, rid, '000000000')).toBeNull();
      });

      it('searches street names NFKC-normalized, wildcards literal, exact and prefix first', async () => {
        const main = await searchStreets(store, rid, { q: 'ＭＡＩＮ　ｓｔ', limit: 10 });
        expect(main.normalizedQuery).toBe('mainst');
        expect(main.results.map((street) => street.street_id)).toEqual([2]);
        expect(main.results[0]).toMatchObject({ name: 'ＭＡＩＮ　Street', has_karte: true, coverage_grade: 'A' });
        expect((await searchStreets(store, rid, { q: '%', limit: 10 })).results.map((s) => s.street_id)).toEqual([3]);
        expect((await searchStreets(store, rid, { q: '_', limit: 10 })).results.map((s) => s.street_id)).toEqual([3]);
        expect((await searchStreets(store, rid, { q: '通', limit: 10 })).results.map((s) => s.street_id)).toEqual([
          3, 1,
        ]);
        expect((await searchStreets(store, rid, { q: '海岸通', limit: 10 })).results.map((s) => s.street_id)).toEqual([
          1,
        ]);
        expect((await searchStreets(store, rid, { q: '通', limit: 1 })).results).toHaveLength(1);
        expect((await searchStreets(store, rid, { q: 'main', ward: '北区', limit: 10 })).results).toHaveLength(1);
        expect((await searchStreets(store, rid, { q: 'main', ward: '港区', limit: 10 })).results).toHaveLength(0);
      });

      it('searches area names', async () => {
        expect((await searchAreas(store, rid, { q: '港町', limit: 10 })).results).toHaveLength(2);
        const second = await searchAreas(store, rid, { q: '二丁目', ward: '港区', limit: 10 });
        expect(second.results.map((area) => area.town_key)).toEqual(['281100020']);
        expect(second.results[0]?.center).toEqual({ lat: 34.65, lon: 135.0 });
      });
    });

    describe('amenities, changes, generations, schools', () => {
      it('loads amenities and changes, change evidence cut to 200 characters', async () => {
        expect((await loadAmenities(store, rid)).map((row) => row.id)).toEqual(['tl_0123456789ab', 'vm_0123456789ab']);
        const changes = await loadChangeLight(store, rid);
        expect(changes.map((change) => [change.change_id, change.evidence?.length, change.evidence_truncated])).toEqual(
          [
            ['chg_0123456789ab', rows.changes[0]?.evidence?.length, false],
            ['chg_ba9876543210', 200, true],
          ],
        );
        expect(await getChange(store, rid, 'chg_ba9876543210')).toEqual(rows.changes[1]);
        expect(await getChange(store, rid, 'chg_000000000000')).toBeNull();
        expect(await listGenerations(store, rid)).toEqual(rows.generations);
      });

      it('searches schools by the contract rule: NFKC, lowercase, no spaces, wildcards literal, ordered', async () => {
        const names = async (q: string) =>
          (await searchSchools(store, rid, q, 10)).results.map((school) => school.name);
        expect(await names('神戸市立 港')).toEqual(['神戸市立　港小学校']);
        expect(await names('コウベ')).toEqual(['ｺｳﾍﾞ小学校']);
        expect(await names('abc')).toEqual(['ＡＢＣ 小学校']);
        expect(await names('%')).toEqual(['100%_スクール']);
        expect(await names('_')).toEqual(['100%_スクール']);
        expect(await names('存在しない')).toEqual([]);
        const ties = await searchSchools(store, rid, 'ﾐﾅﾄ 中央', 10);
        expect(ties.results.map((school) => school.school_id)).toEqual(['sch_00000005', 'sch_00000006']);
        const all = await searchSchools(store, rid, '小学校', 10);
        expect(all.normalizedQuery).toBe('小学校');
        const expected = rows.schools
          .filter((school) => normalizeName(school.name).includes('小学校'))
          .sort((a, b) => {
            const [x, y] = [normalizeName(a.name), normalizeName(b.name)];
            return x < y ? -1 : x > y ? 1 : a.school_id < b.school_id ? -1 : 1;
          });
        expect(all.results).toEqual(expected);
        expect((await searchSchools(store, rid, '小学校', 2)).results).toHaveLength(2);
      });
    });

    it('deletes a release and all its rows, leaving the others', async () => {
      await ingestRelease(store, (await writeRelease({ releaseId: 'store-query-doomed', status: 'published' })).dir);
      expect((await getServedRelease(store))?.release_id).toBe('store-query-doomed');
      expect(await deleteRelease(store, 'store-query-doomed')).toBe(true);
      for (const table of [...RELEASE_TABLES, 'verbalization_status']) {
        const left = await store.query(`SELECT 1 FROM ${table} WHERE release_id = $1`, ['store-query-doomed']);
        expect(left, table).toHaveLength(0);
      }
      expect((await getServedRelease(store))?.release_id).toBe(rid);
      expect(await deleteRelease(store, 'store-query-doomed')).toBe(false);
    });
  });
}
