import type { ListChangesNearbyData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function listChangesNearby(_input: InputOf<ListChangesNearbyData>, _ctx: HandlerContext): never {
  throw notYetImplemented('list_changes_nearby', 'the spatial indexes');
}
