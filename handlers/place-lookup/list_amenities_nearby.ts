import { searchAmenities } from '../../core/place/amenities-nearby.ts';
import { amenityQueryFromGet } from '../../core/place/amenities-query.ts';
import { amenitySources } from '../../core/place/amenities-sources.ts';
import type { ListAmenitiesNearbyData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function listAmenitiesNearby(input: InputOf<ListAmenitiesNearbyData>, ctx: HandlerContext) {
  return searchAmenities(amenitySources(ctx.data), amenityQueryFromGet(input.query));
}
