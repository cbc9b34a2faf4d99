import type { ListGenerationsData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function listGenerations(_input: InputOf<ListGenerationsData>, _ctx: HandlerContext): never {
  throw notYetImplemented('list_generations', 'the release data');
}
