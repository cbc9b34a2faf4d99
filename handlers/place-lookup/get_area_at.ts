import { areaAtBody } from '../../core/areas/bodies.ts';
import type { AreaAtBody, GetAreaAtData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getAreaAt(input: InputOf<GetAreaAtData>, ctx: HandlerContext): AreaAtBody & { note: string } {
  return areaAtBody(ctx.data, Number(input.query.lat), Number(input.query.lon));
}
