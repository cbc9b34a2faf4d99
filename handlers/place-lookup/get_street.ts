import { ApiError } from '../../core/errors.ts';
import { layerRelease } from '../../core/layer/header.ts';
import { parseInclude } from '../../core/layer/include.ts';
import { karteView } from '../../core/layer/karte.ts';
import { karteNote } from '../../core/layer/notes.ts';
import { streetIncludes } from '../../core/layer/spec-rules.ts';
import { getStreetEdges, getStreet as readStreet } from '../../core/store/index.ts';
import { isServedEdge, toEdgeSummary } from '../../core/streets/edges.ts';
import { toStreetSummary } from '../../core/streets/summary.ts';
import type { GetStreetData, GetStreetResponses } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf, PlaceReply } from '../types.ts';

// GET /v1/streets/{street_id}: summary, karte (null for grade D), provenance and versions, and on request the
// profile, axis, served edges and each version's karte text. Read by key from the store: the in-memory layer holds
// summaries only.

export default async function getStreet(
  input: InputOf<GetStreetData>,
  ctx: HandlerContext,
): Promise<PlaceReply<GetStreetResponses>> {
  const { street_id: streetId } = input.path;
  const include = parseInclude(input.query.include, streetIncludes);
  const { data } = ctx;
  const releaseId = data.record.release_id;
  const row = await readStreet(data.store, releaseId, streetId);
  if (!row) {
    throw new ApiError(
      'not_found',
      `No street ${streetId} in the served street layer; GET /v1/streets/search finds ids`,
      {
        field: 'street_id',
      },
    );
  }
  const karte = karteView(row, include.has('versions'));
  const edges = include.has('edges') ? await getStreetEdges(data.store, releaseId, streetId) : null;
  return {
    la_release: layerRelease(data.manifest),
    ...toStreetSummary({ ...row, has_karte: karte.has_karte }),
    karte: karte.karte,
    karte_provenance: karte.karte_provenance,
    karte_versions: karte.karte_versions,
    ...(include.has('profile') ? { profile: row.profile } : {}),
    ...(include.has('axis') ? { axis: row.axis } : {}),
    ...(edges ? { edges: edges.filter(isServedEdge).map(toEdgeSummary) } : {}),
    note: karteNote('通り', row.coverage_grade, karte.has_karte),
  };
}
