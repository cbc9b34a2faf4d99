import { type CoverageBody, describeCoverage } from '../../core/scenes/coverage.ts';
import type { GetCoverageData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getCoverage(input: InputOf<GetCoverageData>, ctx: HandlerContext): CoverageBody {
  return describeCoverage(input.query, ctx);
}
