import type { ListAreasNearbyData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function listAreasNearby(_input: InputOf<ListAreasNearbyData>, _ctx: HandlerContext): never {
  throw notYetImplemented('list_areas_nearby', 'the spatial indexes');
}
