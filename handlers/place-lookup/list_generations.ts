import { describeGenerations } from '../../core/catalog/meta.ts';
import type { ListGenerationsData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function listGenerations(_input: InputOf<ListGenerationsData>, ctx: HandlerContext) {
  return describeGenerations(ctx.data);
}
