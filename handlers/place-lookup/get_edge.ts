import { ApiError } from '../../core/errors.ts';
import { layerRelease } from '../../core/layer/header.ts';
import { getEdge as readEdge } from '../../core/store/index.ts';
import { isServedEdge, toEdgeSummary } from '../../core/streets/edges.ts';
import type { GetEdgeData, GetEdgeResponses } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf, PlaceReply } from '../types.ts';

// GET /v1/edges/{edge_id}: one road edge with its geometry and profile, numbers only. An edge the layer does not
// serve (too few scenes) is a 404 like an unknown id, so no answer leads to it.

export default async function getEdge(
  input: InputOf<GetEdgeData>,
  ctx: HandlerContext,
): Promise<PlaceReply<GetEdgeResponses>> {
  const { edge_id: edgeId } = input.path;
  const { data } = ctx;
  const row = await readEdge(data.store, data.record.release_id, edgeId);
  if (!row || !isServedEdge(row)) {
    throw new ApiError(
      'not_found',
      `No edge ${edgeId} in the served street layer; GET /v1/streets/nearby lists edges`,
      {
        field: 'edge_id',
      },
    );
  }
  return {
    la_release: layerRelease(data.manifest),
    ...toEdgeSummary(row),
    street_id: row.street_id ?? null,
    geom: row.geom,
    profile: row.profile,
    note: '',
  };
}
