import { streetsNearbyBody } from '../../core/streets/nearby-body.ts';
import type { ListStreetsNearbyData, StreetsNearbyBody } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function listStreetsNearby(
  input: InputOf<ListStreetsNearbyData>,
  ctx: HandlerContext,
): StreetsNearbyBody & { note: string } {
  const { lat, lon, radius_m = 60, limit = 5 } = input.query;
  return streetsNearbyBody(ctx.data, { lat: Number(lat), lon: Number(lon), radiusM: radius_m, limit });
}
