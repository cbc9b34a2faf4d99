import { serviceIndex } from '../../core/catalog/service-index.ts';
import type { GetIndexData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getIndex(_input: InputOf<GetIndexData>, _ctx: HandlerContext) {
  return serviceIndex();
}
