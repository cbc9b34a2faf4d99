import { describeRelease } from '../../core/catalog/meta.ts';
import type { GetMetaData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getMeta(_input: InputOf<GetMetaData>, ctx: HandlerContext) {
  return describeRelease(ctx.data);
}
