import { findScenesNearby, type ScenesNearbyBody } from '../../core/scenes/nearby.ts';
import type { ListScenesNearbyData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function listScenesNearby(
  input: InputOf<ListScenesNearbyData>,
  ctx: HandlerContext,
): Promise<ScenesNearbyBody> {
  return findScenesNearby(input.query, ctx);
}
