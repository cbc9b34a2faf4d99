import { edgeDetailBody } from '../../core/streets/edges.ts';
import type { EdgeBody, GetEdgeData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getEdge(
  input: InputOf<GetEdgeData>,
  ctx: HandlerContext,
): Promise<EdgeBody & { note: string }> {
  return edgeDetailBody(ctx.data, input.path.edge_id);
}
