import type { GetAreaAtData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getAreaAt(_input: InputOf<GetAreaAtData>, _ctx: HandlerContext): never {
  throw notYetImplemented('get_area_at', 'the spatial indexes');
}
