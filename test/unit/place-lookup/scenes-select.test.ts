import { describe, expect, it } from 'vitest';
import { choosePolicy } from '../../../core/data/quality.ts';
import { SCENE_CANDIDATE_CAP } from '../../../core/geo/scene-index.ts';
import { buildSceneKeys } from '../../../core/scenes/keys.ts';
import { anySceneWithin, selectNearbyScenes } from '../../../core/scenes/select.ts';
import { E, type FixtureScene, makeLayer, metresNorth, R } from './scenes-fixture.ts';

// Nearby selection from memory: the document's order, quarantine, year and quality filters, and the 8 000 cap.

const base = { lat: 34.69, lon: 135.19 };
const anyYear = { from: null, to: null };
const released = (layer: ReturnType<typeof makeLayer>) =>
  buildSceneKeys(layer, choosePolicy(layer.light, 'released', null).pick);
const idsOf = (layer: ReturnType<typeof makeLayer>, rows: { row: number }[]) =>
  rows.map((scene) => layer.light.ids[scene.row]);

describe('order: unrounded distance, then capture_year descending (unknown last), then id ascending', () => {
  // Ids above 2^53 that differ only in digits a double cannot hold, and ids of different lengths.
  const sameSpot = { lat: metresNorth(base.lat, 10), lon: base.lon };
  const scenes: FixtureScene[] = [
    { id: '9007199254740993', ...sameSpot, year: 2019 },
    { id: '9007199254740992', ...sameSpot, year: 2019 },
    { id: '123', ...sameSpot, year: 2019 },
    { id: '5', ...sameSpot, year: null },
    { id: '77', ...sameSpot, year: 2023 },
    { id: '1', lat: metresNorth(base.lat, 10.4), lon: base.lon, year: 2030 },
    { id: '2', lat: metresNorth(base.lat, 9.6), lon: base.lon, year: 1990 },
  ];
  const layer = makeLayer(scenes);

  it('sorts ties exactly as documented and keeps unrounded distance first', () => {
    const { scenes: found } = selectNearbyScenes(layer, released(layer), { ...base, radiusM: 100 }, 50, anyYear);
    // 9.6 m and 10.4 m both round to 10 m: the rounding must not reorder them.
    expect(idsOf(layer, found)).toEqual(['2', '77', '123', '9007199254740992', '9007199254740993', '5', '1']);
    const distances = found.map((scene) => scene.distanceM);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  it('keeps each scene with its own generation when ties are reordered', () => {
    // Found in tree order, handed out in tie order: each hit's generation must follow its scene.
    const mixed = makeLayer(
      scenes.map((scene, index) => ({ ...scene, statuses: index % 2 ? ([R, 0] as [number, number]) : [0, R] })),
    );
    const { scenes: found } = selectNearbyScenes(mixed, released(mixed), { ...base, radiusM: 100 }, 50, anyYear);
    const byId = new Map(scenes.map((scene, index) => [scene.id, index % 2 ? 0 : 1]));
    expect(found.map((scene) => scene.generation)).toEqual(idsOf(mixed, found).map((id) => byId.get(id as string)));
    expect(idsOf(mixed, found)).toEqual(['2', '77', '123', '9007199254740992', '9007199254740993', '5', '1']);
  });
});

describe('filters', () => {
  const scenes: FixtureScene[] = [
    { id: '10', lat: metresNorth(base.lat, 1), lon: base.lon, quarantined: true, year: null },
    { id: '11', lat: metresNorth(base.lat, 2), lon: base.lon, year: 2015 },
    { id: '12', lat: metresNorth(base.lat, 3), lon: base.lon, year: 2018 },
    { id: '13', lat: metresNorth(base.lat, 4), lon: base.lon, year: null },
    { id: '14', lat: metresNorth(base.lat, 5), lon: base.lon, year: 2021, statuses: [0, E] },
    { id: '15', lat: metresNorth(base.lat, 6), lon: base.lon, year: 2021, statuses: [0, 0] },
    { id: '16', lat: metresNorth(base.lat, 7), lon: base.lon, year: 2024, statuses: [R, E] },
  ];
  const layer = makeLayer(scenes);
  const circle = { ...base, radiusM: 50 };

  it.each([
    [{ from: null, to: null }, ['11', '12', '13', '16']],
    [{ from: 2018, to: null }, ['12', '16']],
    [{ from: null, to: 2018 }, ['11', '12']],
    [{ from: 2016, to: 2020 }, ['12']],
    [{ from: 2030, to: null }, []],
  ])('years %j keep capture years in range only (unknown years out once bounded): %j', (years, ids) => {
    const { scenes: found } = selectNearbyScenes(layer, released(layer), circle, 50, years);
    expect(idsOf(layer, found)).toEqual(ids);
  });

  it.each([
    ['released', null, ['11', '12', '13', '16'], [1, 1, 1, 0]],
    ['include_experimental', null, ['11', '12', '13', '14', '16'], [1, 1, 1, 1, 0]],
    ['experimental_only', null, ['14', '16'], [1, 1]],
    ['released', 'gen1-hostedvl', ['11', '12', '13', '16'], [0, 0, 0, 0]],
  ] as const)(
    'quality %s generation %s: one verbalization per scene, version order',
    (quality, generation, ids, picks) => {
      const { pick } = choosePolicy(layer.light, quality, generation);
      const { scenes: found } = selectNearbyScenes(layer, buildSceneKeys(layer, pick), circle, 50, anyYear);
      expect(idsOf(layer, found)).toEqual(ids);
      expect(found.map((scene) => scene.generation)).toEqual(picks);
    },
  );

  it('never returns a quarantined scene, even at the centre', () => {
    const { scenes: found } = selectNearbyScenes(
      layer,
      buildSceneKeys(layer, () => 0),
      { ...base, radiusM: 1000 },
      50,
      anyYear,
    );
    expect(idsOf(layer, found)).not.toContain('10');
  });

  it('tells whether anything lies within the circle for the zero-result note', () => {
    expect(anySceneWithin(layer, circle)).toBe(true);
    expect(anySceneWithin(layer, { lat: 0, lon: 0, radiusM: 1000 })).toBe(false);
  });
});

describe('the 8 000 candidate cap', () => {
  // The document's limits table: "scene candidates: 8,000 within a band or cumulative". Written here as the number
  // itself, so that a change of the constant fails these tests.
  const documentedCap = 8000;
  // 8 000 scenes from 2020 in the inner 100 m, then 500 from 2010 between 150 and 200 m.
  const scenes: FixtureScene[] = [];
  for (let i = 0; i < documentedCap; i++) {
    scenes.push({ id: String(100000 + i), lat: metresNorth(base.lat, (i / documentedCap) * 100), lon: base.lon });
  }
  for (let i = 0; i < 500; i++) {
    scenes.push({ id: String(200000 + i), lat: metresNorth(base.lat, 150 + i / 10), lon: base.lon, year: 2010 });
  }
  const layer = makeLayer(scenes);

  it('is the documented number', () => {
    expect(SCENE_CANDIDATE_CAP).toBe(documentedCap);
  });

  it('is not reached below 8 000 candidates', () => {
    const result = selectNearbyScenes(layer, released(layer), { ...base, radiusM: 120 }, 10, anyYear);
    expect(result.candidateTruncated).toBe(false);
  });

  it('sets candidate_truncated and keeps the nearest when more exist', () => {
    const result = selectNearbyScenes(layer, released(layer), { ...base, radiusM: 300 }, 10, anyYear);
    expect(result.candidateTruncated).toBe(true);
    expect(idsOf(layer, result.scenes)).toEqual(Array.from({ length: 10 }, (_, i) => String(100000 + i)));
  });

  it('drops the farthest candidates: filters apply to the 8 000 nearest only', () => {
    const only2010 = { from: null, to: 2010 };
    const capped = selectNearbyScenes(layer, released(layer), { ...base, radiusM: 300 }, 10, only2010);
    expect(capped).toEqual({ scenes: [], candidateTruncated: true });
    // Centred among the far scenes, the same filter finds them: they were dropped by distance, not by the filter.
    const near = { lat: metresNorth(base.lat, 175), lon: base.lon, radiusM: 30 };
    expect(selectNearbyScenes(layer, released(layer), near, 10, only2010).scenes).toHaveLength(10);
  });
});
