import type { SearchMetadataData } from '../../generated/scenery-search/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function searchMetadata(_input: InputOf<SearchMetadataData>, _ctx: HandlerContext): never {
  throw notYetImplemented('search_metadata', 'the release data and the scenery categories');
}
