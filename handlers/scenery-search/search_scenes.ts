import type { SearchRequestBody } from '../../core/scenery-search/request.ts';
import { searchScenes as runSearch, sentBodyKeys } from '../../core/scenery-search/search.ts';
import type { SearchScenesData } from '../../generated/scenery-search/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function searchScenes(input: InputOf<SearchScenesData>, ctx: HandlerContext) {
  const body = input.body as SearchRequestBody;
  return runSearch(body, sentBodyKeys(body, ctx.given), ctx);
}
