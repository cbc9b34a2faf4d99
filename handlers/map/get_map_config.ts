import { mapConfigOf } from '../../core/map/config.ts';
import type { GetMapConfigData, GetMapConfigResponses } from '../../generated/map/types.gen.ts';
import type { HandlerContext, InputOf, MapReply } from '../types.ts';

// GET /map/api/config: the served release, its terms, where the data is and the layers, for the map page.
export default function getMapConfig(
  _input: InputOf<GetMapConfigData>,
  ctx: HandlerContext,
): MapReply<GetMapConfigResponses> {
  return mapConfigOf(ctx.data);
}
