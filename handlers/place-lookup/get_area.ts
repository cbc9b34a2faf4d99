import { toAreaSummary } from '../../core/areas/summary.ts';
import { ApiError } from '../../core/errors.ts';
import { layerRelease } from '../../core/layer/header.ts';
import { parseInclude } from '../../core/layer/include.ts';
import { karteView } from '../../core/layer/karte.ts';
import { karteNote } from '../../core/layer/notes.ts';
import { areaIncludes } from '../../core/layer/spec-rules.ts';
import { getArea as readArea } from '../../core/store/index.ts';
import type { GetAreaData, GetAreaResponses } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf, PlaceReply } from '../types.ts';

// GET /v1/areas/{town_key}: summary, karte (null for grade D), provenance and versions, and on request the profile
// and the simplified GeoJSON geometry. Versions are metadata only: area detail has no include=versions.

export default async function getArea(
  input: InputOf<GetAreaData>,
  ctx: HandlerContext,
): Promise<PlaceReply<GetAreaResponses>> {
  const { town_key: townKey } = input.path;
  const include = parseInclude(input.query.include, areaIncludes);
  const { data } = ctx;
  const row = await readArea(data.store, data.record.release_id, townKey);
  if (!row) {
    throw new ApiError(
      'not_found',
      `No town block ${townKey} in the served area layer; GET /v1/areas/search finds keys`,
      {
        field: 'town_key',
      },
    );
  }
  const karte = karteView(row, false);
  return {
    la_release: layerRelease(data.manifest),
    ...toAreaSummary({ ...row, has_karte: karte.has_karte }),
    karte: karte.karte,
    karte_provenance: karte.karte_provenance,
    karte_versions: karte.karte_versions,
    ...(include.has('profile') ? { profile: row.profile } : {}),
    ...(include.has('geometry') ? { geometry: row.geometry } : {}),
    note: karteNote('町丁目', row.coverage_grade, karte.has_karte),
  };
}
