import type { ListStreetsNearbyData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function listStreetsNearby(_input: InputOf<ListStreetsNearbyData>, _ctx: HandlerContext): never {
  throw notYetImplemented('list_streets_nearby', 'the spatial indexes');
}
