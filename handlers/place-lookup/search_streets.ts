import { searchStreetsBody } from '../../core/streets/search.ts';
import type { SearchStreetsData, StreetsSearchBody } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function searchStreets(
  input: InputOf<SearchStreetsData>,
  ctx: HandlerContext,
): Promise<StreetsSearchBody & { note: string }> {
  const { q, ward, limit = 10 } = input.query;
  return searchStreetsBody(ctx.data, { q, ward, limit });
}
