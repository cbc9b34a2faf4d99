import type { SearchScenesData } from '../../generated/scenery-search/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function searchScenes(_input: InputOf<SearchScenesData>, _ctx: HandlerContext): never {
  throw notYetImplemented('search_scenes', 'the scenery search pipeline');
}
