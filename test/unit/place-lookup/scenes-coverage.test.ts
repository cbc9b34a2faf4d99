import { describe, expect, it } from 'vitest';
import { choosePolicy, type Quality } from '../../../core/data/quality.ts';
import { PointIndex } from '../../../core/geo/point-index.ts';
import { SCENE_CANDIDATE_CAP } from '../../../core/geo/scene-index.ts';
import { countScenes, countSupportedChanges } from '../../../core/scenes/count.ts';
import type { YearRange } from '../../../core/scenes/filters.ts';
import { buildSceneKeys, sceneKeysFor } from '../../../core/scenes/keys.ts';
import type { ChangeLight } from '../../../core/store/index.ts';
import { D, E, type FixtureScene, makeLayer, metresNorth, R } from './scenes-fixture.ts';

// Coverage counts: quality-following totals, quality-independent released/experimental counts, years, quarantine,
// the candidate cap and supported changes.

const base = { lat: 34.69, lon: 135.19 };
const at = (metres: number) => ({ lat: metresNorth(base.lat, metres), lon: base.lon });
const scenes: FixtureScene[] = [
  { id: '1', ...at(1), year: 2015, statuses: [R, R] },
  { id: '2', ...at(2), year: 2015, statuses: [R, 0] },
  { id: '3', ...at(3), year: 2018, statuses: [0, E] },
  { id: '4', ...at(4), year: null, statuses: [R, E] },
  { id: '5', ...at(5), year: 2021, statuses: [D, 0] },
  { id: '6', ...at(6), year: 2021, statuses: [0, 0] },
  { id: '7', ...at(7), year: 2021, statuses: [R, R], quarantined: true },
  { id: '8', ...at(500), year: 2022, statuses: [R, R] },
];
const layer = makeLayer(scenes);
const circle = { ...base, radiusM: 100 };
const anyYear: YearRange = { from: null, to: null };

function count(quality: Quality, generation: string | null, years = anyYear) {
  const chooser = choosePolicy(layer.light, quality, generation);
  return countScenes(layer, sceneKeysFor(layer, chooser), circle, years);
}

describe('counts follow the quality policy, released/experimental counts do not', () => {
  it.each([
    ['released', null, 3, { '2015': 2, unknown: 1 }, { 'gen2-localvl': 1, 'gen1-hostedvl': 2 }, 2015],
    [
      'include_experimental',
      null,
      4,
      { '2015': 2, '2018': 1, unknown: 1 },
      { 'gen2-localvl': 2, 'gen1-hostedvl': 2 },
      2018,
    ],
    ['experimental_only', null, 2, { '2018': 1, unknown: 1 }, { 'gen2-localvl': 2 }, 2018],
    ['released', 'gen1-hostedvl', 4, { '2015': 2, '2021': 1, unknown: 1 }, { 'gen1-hostedvl': 4 }, 2021],
  ] as const)('%s / generation %s', (quality, generation, total, byYear, byGeneration, latest) => {
    const counts = count(quality, generation);
    expect(counts).toEqual({
      scenesTotal: total,
      byYear,
      byGeneration,
      releasedCount: 3,
      experimentalCount: 2,
      latestYear: latest,
      candidateTruncated: false,
    });
  });

  it.each([
    [{ from: 2016, to: null }, 0, 1, 1, { '2018': 1 }],
    [{ from: null, to: 2015 }, 2, 0, 2, { '2015': 2 }],
    [{ from: 2021, to: 2021 }, 0, 0, 0, {}],
  ])('years %j filter capture years only (unknown out)', (years, released, experimental, total, byYear) => {
    const counts = count('include_experimental', null, years);
    expect(counts).toMatchObject({
      releasedCount: released,
      experimentalCount: experimental,
      scenesTotal: total,
      byYear,
    });
  });

  it('never counts a quarantined scene', () => {
    const counts = count('released', 'gen2-localvl');
    // Scene 7 (quarantined, gen2 released, at 7 m) would make it 4.
    expect(counts.byGeneration).toEqual({ 'gen2-localvl': 3 });
  });

  it('answers zero where nothing is recorded', () => {
    const chooser = choosePolicy(layer.light, 'released', null);
    const counts = countScenes(layer, sceneKeysFor(layer, chooser), { lat: 0, lon: 0, radiusM: 1000 }, anyYear);
    expect(counts).toMatchObject({ scenesTotal: 0, byYear: {}, byGeneration: {}, releasedCount: 0, latestYear: null });
  });

  it('keeps one key array per policy', () => {
    const chooser = choosePolicy(layer.light, 'released', null);
    expect(sceneKeysFor(layer, chooser)).toBe(sceneKeysFor(layer, choosePolicy(layer.light, 'released', null)));
    expect(sceneKeysFor(layer, chooser)).not.toBe(
      sceneKeysFor(layer, choosePolicy(layer.light, 'experimental_only', null)),
    );
  });
});

describe('the candidate cap applies to coverage too', () => {
  it('counts the 8 000 nearest and says candidate_truncated', () => {
    const many: FixtureScene[] = Array.from({ length: SCENE_CANDIDATE_CAP + 50 }, (_, i) => ({
      id: String(1000 + i),
      ...at(i / 100),
      year: i < SCENE_CANDIDATE_CAP ? 2020 : 2010,
    }));
    const big = makeLayer(many);
    const keys = buildSceneKeys(big, choosePolicy(big.light, 'released', null).pick);
    const counts = countScenes(big, keys, { ...base, radiusM: 1000 }, anyYear);
    expect(counts).toMatchObject({ scenesTotal: SCENE_CANDIDATE_CAP, candidateTruncated: true, latestYear: 2020 });
    expect(counts.byYear).toEqual({ '2020': SCENE_CANDIDATE_CAP });
  });
});

describe('n_changes', () => {
  it('counts supported changes within the radius, of every year', () => {
    const change = (id: number, metres: number, status: ChangeLight['status'], yearB: number) =>
      ({
        change_id: `chg_${String(id).padStart(12, '0')}`,
        ...at(metres),
        status,
        year_a: 2010,
        year_b: yearB,
      }) as ChangeLight;
    const rows = [change(1, 10, 'supported', 2012), change(2, 20, 'supported', 2024), change(3, 30, 'refuted', 2020)];
    rows.push(change(4, 5000, 'supported', 2020));
    const changes = {
      rows,
      index: PointIndex.build(
        rows.map((r) => r.lat),
        rows.map((r) => r.lon),
      ),
    };
    expect(countSupportedChanges(changes, circle)).toBe(2);
  });
});
