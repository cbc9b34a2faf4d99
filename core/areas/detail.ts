import type { ServedRelease } from '../data/served-release.ts';
import { ApiError } from '../errors.ts';
import { layerRelease } from '../layer/header.ts';
import { parseInclude } from '../layer/include.ts';
import { karteView } from '../layer/karte.ts';
import { karteNote } from '../layer/notes.ts';
import { areaIncludes } from '../layer/spec-rules.ts';
import { getArea } from '../store/index.ts';
import { toAreaSummary } from './summary.ts';

// GET /v1/areas/{town_key}: summary, karte (null for grade D), provenance and versions (metadata only: area detail
// has no include=versions), and on request the profile and the simplified GeoJSON geometry.

export async function areaDetailBody(data: ServedRelease, townKey: string, includeText: string | undefined) {
  const include = parseInclude(includeText, areaIncludes);
  const row = await getArea(data.store, data.record.release_id, townKey);
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
