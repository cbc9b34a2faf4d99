import { amenityQueryFromGet } from '../../core/amenities/query.ts';
import { searchAmenities } from '../../core/amenities/search.ts';
import { amenitySources } from '../../core/amenities/sources.ts';
import type { ListAmenitiesNearbyData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function listAmenitiesNearby(input: InputOf<ListAmenitiesNearbyData>, ctx: HandlerContext) {
  return searchAmenities(amenitySources(ctx.data), amenityQueryFromGet(input.query));
}
