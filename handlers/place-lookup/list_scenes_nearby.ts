import type { ListScenesNearbyData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function listScenesNearby(_input: InputOf<ListScenesNearbyData>, _ctx: HandlerContext): never {
  throw notYetImplemented('list_scenes_nearby', 'the spatial indexes');
}
