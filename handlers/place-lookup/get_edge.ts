import type { GetEdgeData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getEdge(_input: InputOf<GetEdgeData>, _ctx: HandlerContext): never {
  throw notYetImplemented('get_edge', 'the release store');
}
