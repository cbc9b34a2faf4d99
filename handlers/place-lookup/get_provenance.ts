import { describeProvenance } from '../../core/catalog/provenance.ts';
import type { GetProvenanceData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getProvenance(_input: InputOf<GetProvenanceData>, ctx: HandlerContext) {
  return describeProvenance(ctx.data);
}
