import type { ListAmenitiesNearbyData, SearchAmenitiesData } from '../../generated/place-lookup/types.gen.ts';
import type { AmenityKind } from '../release/types.ts';

// GET /v1/amenities/nearby (query text) and POST /amenities/search (JSON body) describe the same search; both are
// turned into one AmenityQuery here so the two answer identically. Defaults are applied again in case the validator
// did not fill them in (ajv fills query parameters; a body may reach us as sent).

export const amenityDefaults = { kind: 'vending_machine', radiusM: 1000, limit: 3 } as const;

export interface AmenityQuery {
  lat: number;
  lon: number;
  kind: AmenityKind;
  radiusM: number;
  limit: number;
  yearFrom: number | null;
}

type GetQuery = NonNullable<ListAmenitiesNearbyData['query']>;
type PostBody = NonNullable<SearchAmenitiesData['body']>;

export function amenityQueryFromGet(query: GetQuery): AmenityQuery {
  return {
    lat: Number(query.lat),
    lon: Number(query.lon),
    kind: query.kind ?? amenityDefaults.kind,
    radiusM: query.radius_m ?? amenityDefaults.radiusM,
    limit: query.limit ?? amenityDefaults.limit,
    yearFrom: query.year_from ?? null,
  };
}

export function amenityQueryFromBody(body: PostBody): AmenityQuery {
  return {
    lat: body.lat,
    lon: body.lon,
    kind: body.kind ?? amenityDefaults.kind,
    radiusM: body.radius_m ?? amenityDefaults.radiusM,
    limit: body.limit ?? amenityDefaults.limit,
    yearFrom: body.year_from ?? null,
  };
}
