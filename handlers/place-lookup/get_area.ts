import { areaDetailBody } from '../../core/areas/detail.ts';
import type { AreaDetailBody, GetAreaData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getArea(
  input: InputOf<GetAreaData>,
  ctx: HandlerContext,
): Promise<AreaDetailBody & { note: string }> {
  return areaDetailBody(ctx.data, input.path.town_key, input.query?.include);
}
