import type { ServedRelease } from '../data/served-release.ts';
import { ApiError } from '../errors.ts';
import { layerRelease } from '../layer/header.ts';
import { parseInclude, streetIncludes } from '../layer/include.ts';
import { karteView } from '../layer/karte.ts';
import { karteNote } from '../layer/notes.ts';
import { getStreet, getStreetEdges } from '../store/index.ts';
import { isServedEdge, toEdgeSummary } from './edges.ts';
import { toStreetSummary } from './summary.ts';

// GET /v1/streets/{street_id}: summary, karte (null for grade D), provenance and versions, and on request the
// profile, axis, edges and each version's karte text.

export async function streetDetailBody(data: ServedRelease, streetId: number, includeText: string | undefined) {
  const include = parseInclude(includeText, streetIncludes);
  const releaseId = data.record.release_id;
  const row = await getStreet(data.store, releaseId, streetId);
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
