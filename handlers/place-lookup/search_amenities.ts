import { amenityQueryFromBody } from '../../core/amenities/query.ts';
import { searchAmenities } from '../../core/amenities/search.ts';
import { amenitySources } from '../../core/amenities/sources.ts';
import type { SearchAmenitiesData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

// POST /amenities/search (and /vending/search): the GET's search with the coordinates in the body.
export default function searchAmenitiesHandler(input: InputOf<SearchAmenitiesData>, ctx: HandlerContext) {
  return searchAmenities(amenitySources(ctx.data), amenityQueryFromBody(input.body));
}
