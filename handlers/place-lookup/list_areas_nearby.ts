import { areasNearbyBody } from '../../core/areas/bodies.ts';
import type { AreasNearbyBody, ListAreasNearbyData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function listAreasNearby(
  input: InputOf<ListAreasNearbyData>,
  ctx: HandlerContext,
): AreasNearbyBody & { note: string } {
  const { lat, lon, radius_m = 800, limit = 5 } = input.query;
  return areasNearbyBody(ctx.data, { lat: Number(lat), lon: Number(lon), radiusM: radius_m, limit });
}
