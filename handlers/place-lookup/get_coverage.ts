import type { GetCoverageData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getCoverage(_input: InputOf<GetCoverageData>, _ctx: HandlerContext): never {
  throw notYetImplemented('get_coverage', 'the spatial indexes');
}
