import type { GetReadyzData, GetReadyzErrors, GetReadyzResponses } from '../../generated/service/types.gen.ts';
import type { HandlerContext, InputOf, ServiceReply } from '../types.ts';

// GET /readyz: the readiness module's report, 200 when ready and 503 with its reasons otherwise.
export default async function getReadyz(
  _input: InputOf<GetReadyzData>,
  ctx: HandlerContext,
): Promise<ServiceReply<GetReadyzResponses[200] | GetReadyzErrors[503]>> {
  const report = await ctx.readiness.check();
  return { status: report.status === 'ready' ? 200 : 503, body: report };
}
