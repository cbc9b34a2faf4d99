import { amenitySources, searchAmenities } from '../../core/amenities/search.ts';
import type { ListAmenitiesNearbyData, ListAmenitiesNearbyResponses } from '../../generated/place-lookup/types.gen.ts';
import { filled, type HandlerContext, type InputOf, type PlaceReply } from '../types.ts';

// GET /v1/amenities/nearby: capture points of photographs showing an amenity of one kind, nearest first. POST
// /amenities/search answers the same search from a JSON body.

export default function listAmenitiesNearby(
  input: InputOf<ListAmenitiesNearbyData>,
  ctx: HandlerContext,
): PlaceReply<ListAmenitiesNearbyResponses> {
  const query = filled(input.query, 'kind', 'radius_m', 'limit');
  return searchAmenities(amenitySources(ctx.data), {
    lat: Number(query.lat),
    lon: Number(query.lon),
    kind: query.kind,
    radiusM: query.radius_m,
    limit: query.limit,
    yearFrom: query.year_from ?? null,
  });
}
