import { amenitySources, searchAmenities } from '../../core/amenities/search.ts';
import type { SearchAmenitiesData, SearchAmenitiesResponses } from '../../generated/place-lookup/types.gen.ts';
import { filled, type HandlerContext, type InputOf, type PlaceReply } from '../types.ts';

// POST /amenities/search (and its alias /vending/search): the search of GET /v1/amenities/nearby with the query as a
// closed JSON body, where the coordinates are numbers and year_from may be null (all years, like omitting it).

export default function searchAmenitiesFromBody(
  input: InputOf<SearchAmenitiesData>,
  ctx: HandlerContext,
): PlaceReply<SearchAmenitiesResponses> {
  const body = filled(input.body, 'kind', 'radius_m', 'limit');
  return searchAmenities(amenitySources(ctx.data), {
    lat: body.lat,
    lon: body.lon,
    kind: body.kind,
    radiusM: body.radius_m,
    limit: body.limit,
    yearFrom: body.year_from ?? null,
  });
}
