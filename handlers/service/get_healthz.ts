import { serviceVersion } from '../../core/version.ts';
import type { GetHealthzData, GetHealthzResponses } from '../../generated/service/types.gen.ts';
import type { HandlerContext, InputOf, ServiceReply } from '../types.ts';

// GET /healthz: the process answers, so it is alive; nothing else is consulted.
export default function getHealthz(
  _input: InputOf<GetHealthzData>,
  _ctx: HandlerContext,
): ServiceReply<GetHealthzResponses[200]> {
  return {
    status: 200,
    body: { status: 'ok', version: serviceVersion, uptime_s: Math.round(process.uptime() * 10) / 10 },
  };
}
