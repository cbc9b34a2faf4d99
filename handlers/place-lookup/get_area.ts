import type { GetAreaData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getArea(_input: InputOf<GetAreaData>, _ctx: HandlerContext): never {
  throw notYetImplemented('get_area', 'the release store');
}
