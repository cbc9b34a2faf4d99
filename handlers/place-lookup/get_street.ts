import { streetDetailBody } from '../../core/streets/detail.ts';
import type { GetStreetData, StreetDetailBody } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getStreet(
  input: InputOf<GetStreetData>,
  ctx: HandlerContext,
): Promise<StreetDetailBody & { note: string }> {
  return streetDetailBody(ctx.data, input.path.street_id, input.query?.include);
}
