import type { HandlerContext } from '../context.ts';
import type { QualityPolicy } from '../data/quality.ts';
import { countScenes, countSupportedChanges } from './count.ts';
import { checkYearRange, type PolicyQuery, resolvePolicy } from './filters.ts';
import { sceneKeysFor } from './keys.ts';
import { coverageNote } from './notes.ts';

// GET /v1/coverage: counts only, all from memory.

export interface CoverageQuery extends PolicyQuery {
  lat: string;
  lon: string;
  radius_m?: number;
  year_from?: number;
  year_to?: number;
}

export const coverageDefaults = { radiusM: 300 } as const;

export const countingNotes = {
  released_count:
    '半径内（撮影年の条件があればその範囲）で公開版（released）の観察記録を持つ写真の実数。品質方針に関係なく数えます。複数の世代を持つ写真も1件です。',
  experimental_count:
    '半径内（撮影年の条件があればその範囲）で実験的（experimental）な観察記録を持つ写真の実数。品質方針に関係なく数えます。公開版も持つ写真は released_count にも数えられます。',
  n_changes:
    '半径内の経年変化のうち status が supported のものの件数。撮影年の条件は適用せず、全期間を数えます。変化の位置は道路グループの中心です。',
  quarantine:
    '撮影時刻に異常があり隔離（quarantined）された写真は、すべての件数から除外しています（ID指定の取得でのみ返されます）。',
} as const;

export interface CoverageBody {
  quality_policy: QualityPolicy;
  note: string;
  query: { lat: number; lon: number; radius_m: number; year_from: number | null; year_to: number | null };
  scenes_total: number;
  scenes_by_year: Record<string, number>;
  scenes_by_generation: Record<string, number>;
  released_count: number;
  experimental_count: number;
  latest_year: number | null;
  n_changes: number;
  candidate_truncated: boolean;
  counting_notes: typeof countingNotes;
}

export function describeCoverage(query: CoverageQuery, ctx: HandlerContext): CoverageBody {
  const release = ctx.data;
  const years = checkYearRange(query.year_from, query.year_to);
  const chooser = resolvePolicy(query, ctx, release.scenes.light);
  const radiusM = query.radius_m ?? coverageDefaults.radiusM;
  const circle = { lat: Number(query.lat), lon: Number(query.lon), radiusM };
  const counts = countScenes(release.scenes, sceneKeysFor(release.scenes, chooser), circle, years);
  return {
    quality_policy: chooser.policy,
    note: coverageNote({
      scenesTotal: counts.scenesTotal,
      policy: chooser.policy,
      candidateTruncated: counts.candidateTruncated,
    }),
    query: { lat: circle.lat, lon: circle.lon, radius_m: radiusM, year_from: years.from, year_to: years.to },
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
