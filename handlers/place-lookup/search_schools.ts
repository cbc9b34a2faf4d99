import { findSchools } from '../../core/schools/search.ts';
import type { SearchSchoolsData } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf } from '../types.ts';

export default function searchSchoolsHandler(input: InputOf<SearchSchoolsData>, ctx: HandlerContext) {
  const { store, record, manifest } = ctx.data;
  return findSchools({ store, releaseId: record.release_id, source: manifest.schools_source }, input.query.q);
}
