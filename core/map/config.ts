import type { ServedRelease } from '../data/types.ts';
import { whereabouts } from '../data/whereabouts.ts';
import { readSpec, specFiles, specSchema } from '../spec.ts';
import { captureYearCounts } from './scene-keys.ts';
import { type LayerId, layerIds, mapSettings } from './settings.ts';

// GET /map/api/config: what the page needs before its first tile. Built once per release (the scene ordering it
// reads the capture years from is the one the scene tiles use, so the first tile after it costs nothing more).

export interface ValueCount {
  value: string | number;
  count: number;
}

const mapSpec = readSpec(specFiles.map);
const enumOf = (name: string) => specSchema(mapSpec, name).enum as string[];
const geometryOf: Record<LayerId, 'point' | 'line' | 'polygon'> = {
  scenes: 'point',
  streets: 'line',
  areas: 'polygon',
  changes: 'point',
  amenities: 'point',
  schools: 'point',
};
type Filter = 'year' | 'category' | 'status' | 'kind';
const filtersOf: Record<LayerId, Filter[]> = {
  scenes: ['year'],
  streets: [],
  areas: [],
  changes: ['year', 'category', 'status'],
  amenities: ['kind'],
  schools: [],
};

function counted(values: readonly string[], of: Iterable<string>): ValueCount[] {
  const counts = new Map(values.map((value) => [value, 0]));
  for (const value of of) counts.set(value, (counts.get(value) ?? 0) + 1);
  return values.map((value) => ({ value, count: counts.get(value) ?? 0 }));
}

function buildConfig(release: ServedRelease) {
  const { license } = release.manifest;
  const changes = release.changes.rows;
  return {
    release_id: release.record.release_id,
    data_as_of: release.record.data_as_of ?? null,
    license: {
      id: license.id,
      url: license.url,
      attribution: license.attribution,
      attribution_en: license.attribution_en,
      ui_requirements: license.ui_requirements,
      ui_requirements_en: license.ui_requirements_en,
    },
    ...whereabouts(release),
    tiles: '/map/api/tiles/{layer}/{z}/{x}/{y}' as const,
    layers: layerIds.map((id) => ({
      id,
      geometry: geometryOf[id],
      min_zoom: mapSettings.minZoom[id],
      max_zoom: mapSettings.maxZoom,
      ...(id === 'scenes' ? { points_from_zoom: mapSettings.scenePointsFromZoom } : {}),
      max_features: mapSettings.maxFeatures,
      filters: filtersOf[id],
    })),
    capture_years: captureYearCounts(release.scenes),
    change_categories: counted(
      enumOf('ChangeCategory'),
      changes.map((change) => change.category),
    ),
    change_statuses: counted(
      enumOf('ChangeStatus'),
      changes.map((change) => change.status),
    ),
    amenity_kinds: enumOf('AmenityKind').map((kind) => ({
      value: kind,
      count: release.amenities.get(kind as never)?.rows.length ?? 0,
    })),
  };
}

export type MapConfigBody = ReturnType<typeof buildConfig>;

const built = new WeakMap<ServedRelease, MapConfigBody>();

export function mapConfigOf(release: ServedRelease): MapConfigBody {
  let config = built.get(release);
  if (!config) {
    config = buildConfig(release);
    built.set(release, config);
  }
  return config;
}
