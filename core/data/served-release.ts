import { LineIndex } from '../geo/line-index.ts';
import { PointIndex } from '../geo/point-index.ts';
import { PolygonIndex } from '../geo/polygon-index.ts';
import { buildSceneIndex } from '../geo/scene-index.ts';
import type { Manifest } from '../release/manifest-types.ts';
import type { AmenityKind, AmenityRow, GenerationRow } from '../release/types.ts';
import {
  type AreaLight,
  type ChangeLight,
  type EdgeLight,
  getServedRelease,
  listGenerations,
  loadAmenities,
  loadAreaLight,
  loadChangeLight,
  loadEdgeLight,
  loadSceneLight,
  loadStreetLight,
  type ReleaseRecord,
  type SceneLight,
  type Store,
  type StreetLight,
} from '../store/index.ts';

// The release being served: its manifest, the store for reads by key, and the in-memory indexes built once at start
// from the light columns. Everything position-based is answered from here; full rows come from the store.

export interface SceneLayer {
  light: SceneLight;
  // Only non-quarantined scenes are indexed; indexed point i is light row rowOf[i].
  index: PointIndex;
  rowOf: Int32Array;
  rowById: Map<string, number>;
}

export interface ServedRelease {
  record: ReleaseRecord;
  manifest: Manifest;
  store: Store;
  generations: GenerationRow[];
  scenes: SceneLayer;
  amenities: Map<AmenityKind, { rows: AmenityRow[]; index: PointIndex }>;
  changes: { rows: ChangeLight[]; index: PointIndex };
  edges: { rows: EdgeLight[]; index: LineIndex };
  streets: { rows: StreetLight[]; byId: Map<number, StreetLight> };
  areas: { rows: AreaLight[]; index: PolygonIndex };
  loadedInMs: number;
}

function buildSceneLayer(light: SceneLight): SceneLayer {
  const kept: number[] = [];
  for (let row = 0; row < light.count; row++) if (light.quarantined[row] === 0) kept.push(row);
  const rowOf = Int32Array.from(kept);
  const index = buildSceneIndex({
    lats: Float64Array.from(kept, (row) => light.lats[row] as number),
    lons: Float64Array.from(kept, (row) => light.lons[row] as number),
    captureYears: kept.map((row) => light.captureYears[row] ?? null),
    ids: kept.map((row) => light.ids[row] as string),
  });
  return { light, index, rowOf, rowById: new Map(light.ids.map((id, row) => [id, row])) };
}

function pointIndexOf(rows: readonly { lat: number; lon: number }[]): PointIndex {
  return PointIndex.build(
    Float64Array.from(rows, (row) => row.lat),
    Float64Array.from(rows, (row) => row.lon),
  );
}

function amenityIndexes(rows: AmenityRow[]): ServedRelease['amenities'] {
  const byKind = new Map<AmenityKind, { rows: AmenityRow[]; index: PointIndex }>();
  for (const kind of ['vending_machine', 'toilet', 'bench'] as const) {
    const ofKind = rows.filter((row) => row.kind === kind);
    byKind.set(kind, { rows: ofKind, index: pointIndexOf(ofKind) });
  }
  return byKind;
}

export async function loadServedRelease(store: Store): Promise<ServedRelease | null> {
  const started = performance.now();
  const record = await getServedRelease(store);
  if (!record) return null;
  const id = record.release_id;
  const [light, generations, amenities, changes, edges, streets, areas] = await Promise.all([
    loadSceneLight(store, id),
    listGenerations(store, id),
    loadAmenities(store, id),
    loadChangeLight(store, id),
    loadEdgeLight(store, id),
    loadStreetLight(store, id),
    loadAreaLight(store, id),
  ]);
  return {
    record,
    manifest: record.manifest as Manifest,
    store,
    generations,
    scenes: buildSceneLayer(light),
    amenities: amenityIndexes(amenities),
    changes: { rows: changes, index: pointIndexOf(changes) },
    edges: { rows: edges, index: LineIndex.build(edges.map((edge) => edge.geom as [number, number][])) },
    streets: { rows: streets, byId: new Map(streets.map((street) => [street.street_id, street])) },
    areas: {
      rows: areas,
      index: PolygonIndex.build(
        areas.map((area) => area.geometry as never),
        areas.map((area) => area.center),
      ),
    },
    loadedInMs: Math.round(performance.now() - started),
  };
}
