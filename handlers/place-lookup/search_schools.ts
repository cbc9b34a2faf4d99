import type { SearchSchoolsData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function searchSchools(_input: InputOf<SearchSchoolsData>, _ctx: HandlerContext): never {
  throw notYetImplemented('search_schools', 'the release store');
}
