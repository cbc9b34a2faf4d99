import type { SearchStreetsData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function searchStreets(_input: InputOf<SearchStreetsData>, _ctx: HandlerContext): never {
  throw notYetImplemented('search_streets', 'the release store');
}
