import type { GetProvenanceData } from '../../generated/place-lookup/types.gen.ts';
import { notYetImplemented } from '../not-yet.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getProvenance(_input: InputOf<GetProvenanceData>, _ctx: HandlerContext): never {
  throw notYetImplemented('get_provenance', 'the release data');
}
