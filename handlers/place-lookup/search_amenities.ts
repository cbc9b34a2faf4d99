import { searchAmenities } from '../../core/place/amenities-nearby.ts';
import { amenityQueryFromBody } from '../../core/place/amenities-query.ts';
import { amenitySources } from '../../core/place/amenities-sources.ts';
import type { SearchAmenitiesData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

// POST /amenities/search (and /vending/search): the GET's search with the coordinates in the body.
export default function searchAmenitiesHandler(input: InputOf<SearchAmenitiesData>, ctx: HandlerContext) {
  return searchAmenities(amenitySources(ctx.data), amenityQueryFromBody(input.body));
}
