import { changeFieldNotes, composeChangesNote } from '../../core/changes/notes.ts';
import { ApiError } from '../../core/errors.ts';
import type { ChangeRow } from '../../core/release/types.ts';
import { readSpec, specFiles, specParameter } from '../../core/spec.ts';
import { getChange as readChange } from '../../core/store/index.ts';
import type { GetChangeData, GetChangeResponses } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf, PlaceReply } from '../types.ts';

// GET /v1/changes/{change_id}: one change in full (untruncated evidence, cell_1km, verification). The router answers a
// malformed id 404 before this runs (x-on-invalid: not_found); the id is checked again so that a direct call can never
// reach the store with it.

type ChangeDetail = GetChangeResponses[200]['change'];

// spec: the pattern of get_change's change_id (components.schemas.ChangeId).
const changeIdPattern = new RegExp(
  String(specParameter(readSpec(specFiles.placeLookup), 'get_change', 'change_id').schema.pattern),
);

export default async function getChange(
  input: InputOf<GetChangeData>,
  ctx: HandlerContext,
): Promise<PlaceReply<GetChangeResponses>> {
  const changeId = input.path.change_id;
  const { store, record, manifest } = ctx.data;
  if (!changeIdPattern.test(changeId)) throw noSuchChange(changeId);
  const row = await readChange(store, record.release_id, changeId);
  if (!row) throw noSuchChange(changeId);
  return {
    note: composeChangesNote(null),
    change: toChangeDetail(row),
    field_notes: changeFieldNotes(manifest.verification_method, null),
  };
}

function noSuchChange(changeId: string): ApiError {
  return new ApiError(
    'not_found',
    `No change ${JSON.stringify(changeId)} in this release; ids come from GET /v1/changes/nearby`,
    { field: 'change_id' },
  );
}

function toChangeDetail(row: ChangeRow): ChangeDetail {
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
