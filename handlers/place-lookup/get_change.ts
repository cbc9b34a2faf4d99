import type { GetChangeData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getChange(_input: InputOf<GetChangeData>, _ctx: HandlerContext): never {
  throw notYetImplemented('get_change', 'the release store');
}
