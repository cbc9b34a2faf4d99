import { readChangeDetail } from '../../core/changes/detail.ts';
import type { GetChangeData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function getChange(input: InputOf<GetChangeData>, ctx: HandlerContext) {
  const { store, record, manifest } = ctx.data;
  return readChangeDetail(
    { store, releaseId: record.release_id, verificationMethod: manifest.verification_method },
    input.path.change_id,
  );
}
