import { describe, expect, it } from 'vitest';
import { choosePolicy, type Quality } from '../../../core/data/quality.ts';
import {
  buildSceneKeys,
  pickOfKey,
  prepareDefaultSceneKeys,
  sceneKeysFor,
  yearOfKey,
} from '../../../core/scenes/keys.ts';
import { E, type FixtureScene, makeLayer, metresNorth, R } from './scenes-fixture.ts';

// A scene's key, read back by tree position, gives the generation its policy serves and its capture year: nearby
// filters on these instead of the light rows.

const statuses: [number, number][] = [
  [R, 0],
  [0, R],
  [R, R],
  [E, 0],
  [0, E],
  [R, E],
  [0, 0],
];
const years = [null, 1999, 2010, 2024];
const scenes: FixtureScene[] = Array.from({ length: 56 }, (_, i) => ({
  id: String(1000 + i),
  lat: metresNorth(34.69, i * 3),
  lon: 135.19,
  year: years[i % years.length] as number | null,
  statuses: statuses[i % statuses.length] as [number, number],
}));
const layer = makeLayer(scenes);
const order = layer.index.treeOrder;

describe('pickOfKey and yearOfKey', () => {
  it.each([
    ['released', null],
    ['include_experimental', null],
    ['experimental_only', null],
    ['released', 'gen1-hostedvl'],
    ['released', 'gen2-localvl'],
  ] as const)('quality %s generation %s: every position decodes to its row’s pick and year', (quality, generation) => {
    const chooser = choosePolicy(layer.light, quality as Quality, generation);
    const keys = buildSceneKeys(layer, chooser.pick);
    let served = 0;
    for (let position = 0; position < order.length; position++) {
      const row = layer.rowOf[order[position] as number] as number;
      const key = keys.byPosition[position] as number;
      expect(pickOfKey(keys, key)).toBe(chooser.pick(row));
      expect(yearOfKey(keys, key)).toBe(layer.light.captureYears[row] ?? null);
      if (chooser.pick(row) >= 0) served++;
    }
    // The table covers both outcomes, or the check above could pass on a constant.
    expect(served).toBeGreaterThan(0);
    expect(served).toBeLessThan(order.length);
  });
});

describe('prepareDefaultSceneKeys', () => {
  it('builds the released policy’s keys into the cache a request then reads', () => {
    const fresh = makeLayer(scenes);
    const prepared = prepareDefaultSceneKeys(fresh);
    expect(sceneKeysFor(fresh, choosePolicy(fresh.light, 'released', null))).toBe(prepared);
    expect(prepared.byPosition).toEqual(
      buildSceneKeys(fresh, choosePolicy(fresh.light, 'released', null).pick).byPosition,
    );
  });
});
