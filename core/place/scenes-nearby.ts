import type { QualityPolicy } from '../data/quality.ts';
import type { ServedRelease } from '../data/served-release.ts';
import type { HandlerContext } from '../http/context.ts';
import { reportIgnoredLegacy, resolveRadius } from './legacy.ts';
import { cardSourceOf } from './scenes-cards.ts';
import { checkYearRange, type PolicyQuery, resolvePolicy } from './scenes-filters.ts';
import { imagePageOf, type SceneItem, toSceneItem, versionsOf } from './scenes-items.ts';
import { nearbyNote } from './scenes-notes.ts';
import { anySceneWithin, selectNearbyScenes } from './scenes-select.ts';

// GET /v1/scenes/nearby: select from memory, then read the page's text in one store read (or from the card cache).

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
  results: SceneItem[];
  candidate_truncated: boolean;
}

export const scenesNearbyDefaults = { radiusM: 150, limit: 10 } as const;

const versionMaps = new WeakMap<ServedRelease, Map<string, number>>();

function versionMapOf(release: ServedRelease): Map<string, number> {
  let versions = versionMaps.get(release);
  if (!versions) {
    versions = versionsOf(release.generations);
    versionMaps.set(release, versions);
  }
  return versions;
}

export async function findScenesNearby(query: ScenesNearbyQuery, ctx: HandlerContext): Promise<ScenesNearbyBody> {
  const release = ctx.data;
  const { light } = release.scenes;
  const radiusM = resolveRadius(query, ctx, scenesNearbyDefaults.radiusM);
  reportIgnoredLegacy(ctx);
  const years = checkYearRange(query.year_from, query.year_to);
  const chooser = resolvePolicy(query, ctx, light);
  const circle = { lat: Number(query.lat), lon: Number(query.lon), radiusM };
  const limit = query.limit ?? scenesNearbyDefaults.limit;

  const selection = selectNearbyScenes(release.scenes, chooser.pick, circle, limit, years);
  const picks = selection.scenes.map((scene) => ({
    sceneId: light.ids[scene.row] as string,
    generationId: light.generationIds[scene.generation] as string,
  }));
  const cards = await cardSourceOf(release).read(picks);
  const versions = versionMapOf(release);
  const template = release.manifest.image_page_template;
  const results: SceneItem[] = [];
  selection.scenes.forEach((scene, i) => {
    const card = cards[i];
    if (!card || card.generation_id === null || card.summary === null) return;
    const version = versions.get(card.generation_id) ?? 1;
    results.push(toSceneItem(card, scene.distanceM, version, imagePageOf(template, card.id)));
  });

  const unreadable = selection.scenes.length - results.length;
  if (unreadable > 0) ctx.log.warn({ unreadable, picks }, 'nearby: selected scenes without a readable verbalization');
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
