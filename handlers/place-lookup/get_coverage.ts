import { type CoverageBody, describeCoverage } from '../../core/place/coverage-body.ts';
import type { GetCoverageData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getCoverage(input: InputOf<GetCoverageData>, ctx: HandlerContext): CoverageBody {
  return describeCoverage(input.query, ctx);
}
