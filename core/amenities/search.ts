import type { AmenitiesBody } from '../../generated/place-lookup/types.gen.ts';
import type { ServedRelease } from '../data/served-release.ts';
import type { PointIndex } from '../geo/point-index.ts';
import { notes } from '../notes.ts';
import type { AmenityDataset, AmenityKind, AmenityRow } from '../release/types.ts';
import { imagePageOf } from '../scenes/items.ts';

// Capture points of photographs in which an amenity was seen, nearest first by great-circle distance from the query
// point to the capture position (ties by amenity id: the rows are loaded in id order). Positions are where the
// photograph was taken; the amenity itself is not verified, and every answer says so. GET /v1/amenities/nearby and
// POST /amenities/search are the same search: each handler reads its input shape into an AmenityQuery and calls this.

export interface AmenityQuery {
  lat: number;
  lon: number;
  kind: AmenityKind;
  radiusM: number;
  limit: number;
  yearFrom: number | null;
}

export interface AmenityLayer {
  rows: readonly AmenityRow[];
  index: PointIndex;
}

export interface AmenitySources {
  layers: ReadonlyMap<AmenityKind, AmenityLayer>;
  datasets: Partial<Record<AmenityKind, AmenityDataset>>;
  imagePageTemplate: string;
}

const kindLabels: Record<AmenityKind, string> = { vending_machine: '自動販売機', toilet: 'トイレ', bench: 'ベンチ' };

export const captureLocationNote =
  '位置と距離は写真の撮影地点のものです。設備そのものの位置・現存・利用可否は確認していません。';

/** What the search reads from the served release: the per-kind indexes and the manifest's dataset entries. */
export function amenitySources(data: ServedRelease): AmenitySources {
  return {
    layers: data.amenities,
    datasets: data.manifest.amenity_datasets ?? {},
    imagePageTemplate: data.manifest.image_page_template,
  };
}

function datasetOf(
  sources: AmenitySources,
  kind: AmenityKind,
  layer: AmenityLayer | undefined,
): AmenitiesBody['dataset'] {
  const stated = sources.datasets[kind];
  if (stated) return { ...stated, kind };
  // The manifest states every kind; without it, say only what is certain.
  return {
    kind,
    source_snapshot: null,
    built_at: null,
    total_candidates: layer?.rows.length ?? 0,
    min_year: null,
    max_year: null,
  };
}

export function searchAmenities(sources: AmenitySources, query: AmenityQuery): AmenitiesBody & { note: string } {
  const layer = sources.layers.get(query.kind);
  const { yearFrom } = query;
  const hits = layer
    ? layer.index.nearest(query.lat, query.lon, {
        radiusM: query.radiusM,
        limit: query.limit,
        ...(yearFrom === null ? {} : { accept: (i: number) => (layer.rows[i] as AmenityRow).capture_year >= yearFrom }),
      }).hits
    : [];
  const results = hits.map(({ index, distanceM }) => {
    const row = (layer as AmenityLayer).rows[index] as AmenityRow;
    return {
      id: row.id,
      scene_id: row.scene_id,
      lat: row.lat,
      lon: row.lon,
      position_basis: 'capture_location' as const,
      distance_m: Math.round(distanceM),
      capture_year: row.capture_year,
      evidence: row.evidence,
      object_position: row.object_position,
      object_distance_m_est: row.object_distance_m_est,
      confidence: row.confidence,
      image_page: imagePageOf(sources.imagePageTemplate, row.scene_id),
      generation_id: row.generation_id,
      ward: row.ward,
      evidence_count: row.evidence_count,
    };
  });
  const zero = results.length === 0 ? `${notes.zeroResults(kindLabels[query.kind])} ` : '';
  return {
    note: `${zero}${captureLocationNote}`,
    count: results.length,
    query: {
      lat: query.lat,
      lon: query.lon,
      kind: query.kind,
      radius_m: query.radiusM,
      limit: query.limit,
      year_from: query.yearFrom,
    },
    dataset: datasetOf(sources, query.kind, layer),
    results,
  };
}
