import type { GetMetaData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getMeta(_input: InputOf<GetMetaData>, _ctx: HandlerContext): never {
  throw notYetImplemented('get_meta', 'the release data');
}
