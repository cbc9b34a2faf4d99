import type { HandlerContext } from '../../../core/context.ts';
import type { SceneLayer } from '../../../core/data/served-release.ts';
import { buildSceneIndex } from '../../../core/geo/scene-index.ts';
import type { SceneLight } from '../../../core/store/index.ts';

// Small in-memory scene layers for the pure scene and coverage logic, built the way served-release.ts builds them.

export const generationIds = ['gen1-hostedvl', 'gen2-localvl'];
export const R = 1; // released
export const E = 2; // experimental
export const D = 3; // deprecated

export interface FixtureScene {
  id: string;
  lat: number;
  lon: number;
  year?: number | null;
  quarantined?: boolean;
  /** Status code per generation (0 none, R, E, D), in generationIds order. */
  statuses?: [number, number];
}

export function makeLayer(scenes: FixtureScene[]): SceneLayer {
  const light: SceneLight = {
    count: scenes.length,
    ids: scenes.map((scene) => scene.id),
    lats: Float64Array.from(scenes, (scene) => scene.lat),
    lons: Float64Array.from(scenes, (scene) => scene.lon),
    captureYears: scenes.map((scene) => (scene.year === undefined ? 2020 : scene.year)),
    quarantined: Uint8Array.from(scenes, (scene) => (scene.quarantined ? 1 : 0)),
    wards: scenes.map(() => null),
    generationIds,
    statusByGeneration: generationIds.map((_, g) =>
      Uint8Array.from(scenes, (scene) => (scene.statuses ?? [R, R])[g] as number),
    ),
  };
  const kept: number[] = [];
  for (let row = 0; row < light.count; row++) if (light.quarantined[row] === 0) kept.push(row);
  const index = buildSceneIndex({
    lats: Float64Array.from(kept, (row) => light.lats[row] as number),
    lons: Float64Array.from(kept, (row) => light.lons[row] as number),
    captureYears: kept.map((row) => light.captureYears[row] ?? null),
    ids: kept.map((row) => light.ids[row] as string),
  });
  return {
    light,
    index,
    rowOf: Int32Array.from(kept),
    rowById: new Map(light.ids.map((id, row) => [id, row])),
    cards: null,
  };
}

/** Metres north of a base point, as latitude degrees (about 111 195 m per degree). */
export const metresNorth = (lat: number, metres: number) => lat + metres / 111_195;

/** The parts of a handler context the scene logic reads. */
export function fakeContext(given: string[] = []): HandlerContext {
  return { given: new Set(given), warnings: [] } as unknown as HandlerContext;
}
