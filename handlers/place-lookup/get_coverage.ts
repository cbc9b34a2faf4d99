import { countScenes, countSupportedChanges } from '../../core/scenes/count.ts';
import { checkYearRange, resolvePolicy } from '../../core/scenes/filters.ts';
import { sceneKeysFor } from '../../core/scenes/keys.ts';
import { coverageNote } from '../../core/scenes/notes.ts';
import type { GetCoverageData, GetCoverageResponses } from '../../generated/place-lookup/types.gen.ts';
import { filled, type HandlerContext, type InputOf, type PlaceReply } from '../types.ts';

// GET /v1/coverage: how much is recorded around a point, counts only, all from memory (core/scenes/count.ts). The
// totals by year and generation follow the quality policy and years; released_count and experimental_count do not;
// n_changes counts supported changes over all years.

type CoverageReply = PlaceReply<GetCoverageResponses>;

const countingNotes: CoverageReply['counting_notes'] = {
  released_count:
    '半径内（撮影年の条件があればその範囲）で公開版（released）の観察記録を持つ写真の実数。品質方針に関係なく数えます。複数の世代を持つ写真も1件です。',
  experimental_count:
    '半径内（撮影年の条件があればその範囲）で実験的（experimental）な観察記録を持つ写真の実数。品質方針に関係なく数えます。公開版も持つ写真は released_count にも数えられます。',
  n_changes:
    '半径内の経年変化のうち status が supported のものの件数。撮影年の条件は適用せず、全期間を数えます。変化の位置は道路グループの中心です。',
  quarantine:
    '撮影時刻に異常があり隔離（quarantined）された写真は、すべての件数から除外しています（ID指定の取得でのみ返されます）。',
};

export default function getCoverage(input: InputOf<GetCoverageData>, ctx: HandlerContext): CoverageReply {
  const query = filled(input.query, 'radius_m', 'quality');
  const release = ctx.data;
  const years = checkYearRange(query.year_from, query.year_to);
  const chooser = resolvePolicy(query, ctx, release.scenes.light);
  const circle = { lat: Number(query.lat), lon: Number(query.lon), radiusM: query.radius_m };
  const counts = countScenes(release.scenes, sceneKeysFor(release.scenes, chooser), circle, years);
  return {
    quality_policy: chooser.policy,
    note: coverageNote({
      scenesTotal: counts.scenesTotal,
      policy: chooser.policy,
      candidateTruncated: counts.candidateTruncated,
    }),
    query: { lat: circle.lat, lon: circle.lon, radius_m: circle.radiusM, year_from: years.from, year_to: years.to },
    scenes_total: counts.scenesTotal,
    scenes_by_year: counts.byYear,
    scenes_by_generation: counts.byGeneration,
    released_count: counts.releasedCount,
    experimental_count: counts.experimentalCount,
    latest_year: counts.latestYear,
    n_changes: countSupportedChanges(release.changes, circle),
    candidate_truncated: counts.candidateTruncated,
    counting_notes: countingNotes,
  };
}
