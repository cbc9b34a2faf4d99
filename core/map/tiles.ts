import type { ServedRelease } from '../data/types.ts';
import type { Feature, FeatureList } from './feature.ts';
import { passes, type RecordFilters, type RecordLayer, recordLayersOf } from './record-layers.ts';
import { sceneTile } from './scene-tiles.ts';
import { type LayerId, mapSettings } from './settings.ts';
import { checkTile, tileBox } from './tile-math.ts';

// One tile of one layer, as GET /map/api/tiles/{layer}/{z}/{x}/{y} answers it.

export interface TileRequest extends RecordFilters {
  layer: LayerId;
  z: number;
  x: number;
  y: number;
}

export interface TileBody extends FeatureList {
  type: 'FeatureCollection';
  release_id: string;
  layer: LayerId;
  z: number;
  x: number;
  y: number;
}

export async function mapTile(release: ServedRelease, request: TileRequest): Promise<TileBody> {
  const { layer, z, x, y } = request;
  checkTile(z, x, y);
  const head = { type: 'FeatureCollection' as const, release_id: release.record.release_id, layer, z, x, y };
  if (z < mapSettings.minZoom[layer]) return { ...head, truncated: true, features: [] };
  if (layer === 'scenes') return { ...head, ...sceneTile(release.scenes, z, x, y, request.year) };
  const layers = await recordLayersOf(release);
  return { ...head, ...recordTile(layers[layer] as RecordLayer<unknown>, layer, request) };
}

// A record's feature is the same on every tile that shows it: made once (town-block rings are hundreds of positions).
const madeFeatures = new WeakMap<RecordLayer<unknown>, (Feature | undefined)[]>();

function featureOf(records: RecordLayer<unknown>, index: number): Feature {
  let made = madeFeatures.get(records);
  if (!made) {
    made = new Array(records.rows.length);
    madeFeatures.set(records, made);
  }
  let feature = made[index];
  if (!feature) {
    feature = records.feature(records.rows[index]);
    made[index] = feature;
  }
  return feature;
}

function recordTile(
  records: RecordLayer<unknown>,
  layer: Exclude<LayerId, 'scenes'>,
  request: TileRequest,
): FeatureList {
  const features: Feature[] = [];
  let truncated = false;
  for (const index of records.index.search(tileBox(request.z, request.x, request.y))) {
    const row = records.rows[index];
    if (!passes(layer, row, request)) continue;
    if (features.length === mapSettings.maxFeatures) {
      truncated = true;
      break;
    }
    features.push(featureOf(records, index));
  }
  return { features, truncated };
}
