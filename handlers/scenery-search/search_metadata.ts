import { describeExplore } from '../../core/scenery-search/metadata.ts';
import type { SearchMetadataData } from '../../generated/scenery-search/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function searchMetadata(_input: InputOf<SearchMetadataData>, ctx: HandlerContext) {
  return describeExplore(ctx);
}
