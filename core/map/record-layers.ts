import type { ServedRelease } from '../data/types.ts';
import type { AmenityKind, AmenityRow, ChangeCategory, ChangeStatus, SchoolRow } from '../release/types.ts';
import type { AreaLight, ChangeLight, StreetLight } from '../store/index.ts';
import { loadSchools } from '../store/index.ts';
import { BoxIndex, boxOf, pointBox } from './box-index.ts';
import { type Feature, type Position, pointFeature, position } from './feature.ts';

// The record layers (streets, areas, changes, amenities, schools): each a list in id order with a box index, built
// once per release on first use. Schools are the one table the served release does not hold in memory; they are
// read from the store once.

export interface RecordLayer<T> {
  rows: readonly T[];
  index: BoxIndex;
  feature(row: T): Feature;
}

export interface RecordLayers {
  streets: RecordLayer<StreetLight>;
  areas: RecordLayer<AreaLight>;
  changes: RecordLayer<ChangeLight>;
  amenities: RecordLayer<AmenityRow>;
  schools: RecordLayer<SchoolRow>;
}

export interface RecordFilters {
  year?: number;
  category?: ChangeCategory;
  status?: ChangeStatus;
  kind?: AmenityKind;
}

const built = new WeakMap<ServedRelease, Promise<RecordLayers>>();

export function recordLayersOf(release: ServedRelease): Promise<RecordLayers> {
  let layers = built.get(release);
  if (!layers) {
    layers = buildRecordLayers(release);
    // A failed read of the schools is retried by the next request, not remembered.
    layers.catch(() => built.delete(release));
    built.set(release, layers);
  }
  return layers;
}

function rounded(ring: readonly (readonly number[])[]): Position[] {
  return ring.map((at) => [Math.round((at[0] as number) * 1e6) / 1e6, Math.round((at[1] as number) * 1e6) / 1e6]);
}

async function buildRecordLayers(release: ServedRelease): Promise<RecordLayers> {
  const schools = await loadSchools(release.store, release.record.release_id);
  const amenities = [...release.amenities.values()]
    .flatMap((ofKind) => ofKind.rows)
    .sort((a, b) => compare(a.id, b.id));
  return {
    streets: {
      rows: release.streets.rows,
      index: new BoxIndex(release.streets.rows.map((street) => boxOf(street.axis))),
      feature: (street) => ({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: street.axis.map(([lat, lon]) => position(lat, lon)) },
        properties: {
          street_id: street.street_id,
          name: street.name,
          coverage_grade: street.coverage_grade,
          highway_class: street.highway_class,
        },
      }),
    },
    areas: {
      rows: release.areas.rows,
      index: new BoxIndex(release.areas.rows.map((area) => boxOf(area.geometry.coordinates.flat(), true))),
      feature: (area) => ({
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: area.geometry.coordinates.map(rounded) },
        properties: { town_key: area.town_key, name: area.name, coverage_grade: area.coverage_grade },
      }),
    },
    changes: {
      rows: release.changes.rows,
      index: new BoxIndex(release.changes.rows.map((change) => pointBox(change.lat, change.lon))),
      feature: (change) =>
        pointFeature(change.lat, change.lon, {
          change_id: change.change_id,
          category: change.category,
          status: change.status,
          year_a: change.year_a,
          year_b: change.year_b,
        }),
    },
    amenities: {
      rows: amenities,
      index: new BoxIndex(amenities.map((amenity) => pointBox(amenity.lat, amenity.lon))),
      feature: (amenity) =>
        pointFeature(amenity.lat, amenity.lon, {
          id: amenity.id,
          kind: amenity.kind,
          scene_id: amenity.scene_id,
          capture_year: amenity.capture_year,
        }),
    },
    schools: {
      rows: schools,
      index: new BoxIndex(schools.map((school) => pointBox(school.lat, school.lon))),
      feature: (school) => pointFeature(school.lat, school.lon, { school_id: school.school_id, name: school.name }),
    },
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether a record passes the filters its layer takes (the others are ignored, as the spec says). */
export function passes(layer: keyof RecordLayers, row: unknown, filters: RecordFilters): boolean {
  if (layer === 'changes') {
    const change = row as ChangeLight;
    if (filters.category !== undefined && change.category !== filters.category) return false;
    if (filters.status !== undefined && change.status !== filters.status) return false;
    if (filters.year !== undefined && (filters.year < change.year_a || filters.year > change.year_b)) return false;
  }
  if (layer === 'amenities' && filters.kind !== undefined) return (row as AmenityRow).kind === filters.kind;
  return true;
}
