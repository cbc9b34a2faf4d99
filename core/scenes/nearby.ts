import type { HandlerContext } from '../context.ts';
import type { QualityPolicy } from '../data/quality.ts';
import type { PrintedList } from '../json/printed-list.ts';
import { reportIgnoredLegacy, resolveRadius } from '../legacy-params.ts';
import { checkYearRange, type PolicyQuery, resolvePolicy } from './filters.ts';
import type { SceneItem } from './items.ts';
import { sceneKeysFor } from './keys.ts';
import { nearbyNote } from './notes.ts';
import { pageSourcesOf, readPage } from './page.ts';
import { anySceneWithin, selectNearbyScenes } from './select.ts';

// GET /v1/scenes/nearby: select from memory, then the page's items (page.ts: kept printed, else from the card
// columns in memory, else one store read).

export interface ScenesNearbyQuery extends PolicyQuery {
  lat: string;
  lon: string;
  radius_m?: number;
  limit?: number;
  year_from?: number;
  year_to?: number;
}

export interface ScenesNearbyBody {
  quality_policy: QualityPolicy;
  note: string;
  query: {
    lat: number;
    lon: number;
    radius_m: number;
    limit: number;
    year_from: number | null;
    year_to: number | null;
  };
  count: number;
  results: PrintedList<SceneItem>;
  candidate_truncated: boolean;
}

export const scenesNearbyDefaults = { radiusM: 150, limit: 10 } as const;

export async function findScenesNearby(query: ScenesNearbyQuery, ctx: HandlerContext): Promise<ScenesNearbyBody> {
  const release = ctx.data;
  const { light } = release.scenes;
  const radiusM = resolveRadius(query, ctx, scenesNearbyDefaults.radiusM);
  reportIgnoredLegacy(ctx);
  const years = checkYearRange(query.year_from, query.year_to);
  const chooser = resolvePolicy(query, ctx, light);
  const circle = { lat: Number(query.lat), lon: Number(query.lon), radiusM };
  const limit = query.limit ?? scenesNearbyDefaults.limit;

  const selection = selectNearbyScenes(release.scenes, sceneKeysFor(release.scenes, chooser), circle, limit, years);
  const results = await readPage(pageSourcesOf(release), selection.scenes);
  const unreadable = selection.scenes.length - results.length;
  if (unreadable > 0) {
    const ids = selection.scenes.map((scene) => light.ids[scene.row]);
    ctx.log.warn({ unreadable, ids }, 'nearby: selected scenes without a readable verbalization');
  }
  const anyWithin = results.length === 0 && anySceneWithin(release.scenes, circle);
  return {
    quality_policy: chooser.policy,
    note: nearbyNote({
      count: results.length,
      limit,
      policy: chooser.policy,
      candidateTruncated: selection.candidateTruncated,
      anyWithin,
      unreadable,
    }),
    query: { lat: circle.lat, lon: circle.lon, radius_m: radiusM, limit, year_from: years.from, year_to: years.to },
    count: results.length,
    results,
    candidate_truncated: selection.candidateTruncated,
  };
}
