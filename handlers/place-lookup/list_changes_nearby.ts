import { type ChangesNearbyReply, listChangesNearby } from '../../core/changes/nearby.ts';
import { resolveChangesQuery } from '../../core/changes/query.ts';
import type { ListChangesNearbyData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function listChangesNearbyHandler(
  input: InputOf<ListChangesNearbyData>,
  ctx: HandlerContext,
): ChangesNearbyReply {
  const { search, policy } = resolveChangesQuery(input.query, ctx);
  return listChangesNearby(ctx.data.changes, search, policy, ctx.data.manifest.verification_method);
}
