import type { SearchAmenitiesData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function searchAmenities(_input: InputOf<SearchAmenitiesData>, _ctx: HandlerContext): never {
  throw notYetImplemented('search_amenities', 'the spatial indexes');
}
