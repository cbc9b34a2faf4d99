import { searchAreasBody } from '../../core/areas/search.ts';
import type { AreasSearchBody, SearchAreasData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function searchAreas(
  input: InputOf<SearchAreasData>,
  ctx: HandlerContext,
): Promise<AreasSearchBody & { note: string }> {
  const { q, ward, limit = 10 } = input.query;
  return searchAreasBody(ctx.data, { q, ward, limit });
}
