import type { SearchAreasData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function searchAreas(_input: InputOf<SearchAreasData>, _ctx: HandlerContext): never {
  throw notYetImplemented('search_areas', 'the release store');
}
