import type { GetStreetData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getStreet(_input: InputOf<GetStreetData>, _ctx: HandlerContext): never {
  throw notYetImplemented('get_street', 'the release store');
}
