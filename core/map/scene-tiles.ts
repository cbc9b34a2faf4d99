import type { SceneLayer } from '../data/types.ts';
import { type Feature, type FeatureList, pointFeature } from './feature.ts';
import { type KeyedScenes, lowerBound, sceneKeysOf } from './scene-keys.ts';
import { mapSettings } from './settings.ts';
import { keyRange, tileBox } from './tile-math.ts';

// The scenes layer of one tile: density cells below the point zoom, one point per scene from it on. Both read the
// Morton-ordered scenes (scene-keys.ts): a cell's count is the length of its key run, found by binary search, so a
// tile costs the same at zoom 0 over a million scenes as at zoom 15 over a street.

const emptyScenes: KeyedScenes = { keys: new Float64Array(0), rows: new Int32Array(0) };

export function sceneTile(layer: SceneLayer, z: number, x: number, y: number, year: number | undefined): FeatureList {
  const keyed = year === undefined ? sceneKeysOf(layer).all : (sceneKeysOf(layer).byYear.get(year) ?? emptyScenes);
  return z >= mapSettings.scenePointsFromZoom ? scenePoints(layer, keyed, z, x, y) : densityCells(keyed, z, x, y);
}

function scenePoints(layer: SceneLayer, keyed: KeyedScenes, z: number, x: number, y: number): FeatureList {
  const [first, end] = keyRange(z, x, y);
  const from = lowerBound(keyed.keys, first);
  const to = lowerBound(keyed.keys, end);
  const { light } = layer;
  const shown = Math.min(to - from, mapSettings.maxFeatures);
  const features: Feature[] = new Array(shown);
  for (let i = 0; i < shown; i++) {
    const row = keyed.rows[from + i] as number;
    features[i] = pointFeature(light.lats[row] as number, light.lons[row] as number, {
      scene_id: light.ids[row] as string,
      capture_year: light.captureYears[row] ?? null,
    });
  }
  return { features, truncated: to - from > shown };
}

function densityCells(keyed: KeyedScenes, z: number, x: number, y: number): FeatureList {
  const cells = mapSettings.densityCellsPerSide;
  const depth = Math.log2(cells);
  const cellZoom = z + depth;
  const [tileFirst, tileEnd] = keyRange(z, x, y);
  const features: Feature[] = [];
  // An empty tile (most of the world) costs two binary searches.
  if (lowerBound(keyed.keys, tileFirst) === lowerBound(keyed.keys, tileEnd)) return { features, truncated: false };
  for (let row = 0; row < cells; row++) {
    for (let column = 0; column < cells; column++) {
      const cx = x * cells + column;
      const cy = y * cells + row;
      const [first, end] = keyRange(cellZoom, cx, cy);
      const count = lowerBound(keyed.keys, end) - lowerBound(keyed.keys, first);
      if (count === 0) continue;
      const box = tileBox(cellZoom, cx, cy);
      features.push(pointFeature((box.north + box.south) / 2, (box.west + box.east) / 2, { count }));
    }
  }
  // At most cells² features: the spec's cap (2000) is above 16 × 16.
  return { features, truncated: false };
}
