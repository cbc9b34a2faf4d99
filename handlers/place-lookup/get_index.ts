import type { GetIndexData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getIndex(_input: InputOf<GetIndexData>, _ctx: HandlerContext): never {
  throw notYetImplemented('get_index', 'the release data');
}
