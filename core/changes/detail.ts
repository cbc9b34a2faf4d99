import type { ChangeDetailBody } from '../../generated/place-lookup/types.gen.ts';
import { ApiError } from '../errors.ts';
import type { ChangeRow } from '../release/types.ts';
import { getChange, type Queryable } from '../store/index.ts';
import { changeFieldNotes, composeChangesNote } from './notes.ts';

// One change in full: untruncated evidence, cell_1km and verification. The router answers a malformed id 404 before
// this runs (x-on-invalid: not_found); the pattern is checked again so a direct call can never reach the store with it.

const changeIdPattern = /^chg_[0-9a-f]{12}$/;

function noSuchChange(changeId: string): ApiError {
  return new ApiError(
    'not_found',
    `No change ${JSON.stringify(changeId)} in this release; ids come from GET /v1/changes/nearby`,
    { field: 'change_id' },
  );
}

export function toChangeDetail(row: ChangeRow): ChangeDetailBody['change'] {
  return {
    change_id: row.change_id,
    group_id: row.group_id,
    lat: row.lat,
    lon: row.lon,
    year_a: row.year_a,
    year_b: row.year_b,
    category: row.category,
    subject: row.subject,
    evidence: row.evidence,
    evidence_truncated: false,
    segment_priority_score: row.segment_priority_score,
    status: row.status,
    cell_1km: row.cell_1km,
    scene_ids_a: row.scene_ids_a,
    scene_ids_b: row.scene_ids_b,
    verification: row.verification,
  };
}

export async function readChangeDetail(
  data: { store: Queryable; releaseId: string; verificationMethod: string },
  changeId: string,
): Promise<ChangeDetailBody & { note: string }> {
  if (!changeIdPattern.test(changeId)) throw noSuchChange(changeId);
  const row = await getChange(data.store, data.releaseId, changeId);
  if (!row) throw noSuchChange(changeId);
  return {
    note: composeChangesNote(null),
    change: toChangeDetail(row),
    field_notes: changeFieldNotes(data.verificationMethod, null),
  };
}
