import type { ListAmenitiesNearbyData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function listAmenitiesNearby(_input: InputOf<ListAmenitiesNearbyData>, _ctx: HandlerContext): never {
  throw notYetImplemented('list_amenities_nearby', 'the spatial indexes');
}
