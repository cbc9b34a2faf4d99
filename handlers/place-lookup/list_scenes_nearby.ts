import type { PrintedList } from '../../core/json/printed-list.ts';
import { reportIgnoredLegacy, resolveRadius } from '../../core/legacy-params.ts';
import { checkYearRange, resolvePolicy } from '../../core/scenes/filters.ts';
import type { SceneItem } from '../../core/scenes/items.ts';
import { sceneKeysFor } from '../../core/scenes/keys.ts';
import { nearbyNote } from '../../core/scenes/notes.ts';
import { pageSourcesOf, readPage } from '../../core/scenes/page.ts';
import { anySceneWithin, selectNearbyScenes } from '../../core/scenes/select.ts';
import type { ListScenesNearbyData, ListScenesNearbyResponses } from '../../generated/place-lookup/types.gen.ts';
import { filled, type HandlerContext, type InputOf, type PlaceReply } from '../types.ts';

// GET /v1/scenes/nearby (and its alias /v1/nearby): the scenes within the radius that have an observation under the
// quality policy and years, nearest first, cut at `limit`. Selected from memory; the page's items then come kept
// printed from the card columns, else from one store read (core/scenes/page.ts).

/**
 * The reply with `results` as a PrintedList: the REST envelope prints it from the card columns without making the
 * items (the fast path), MCP reads its items as plain values.
 */
export type ScenesNearbyReply = Omit<PlaceReply<ListScenesNearbyResponses>, 'results'> & {
  results: PrintedList<SceneItem>;
};

export default async function listScenesNearby(
  input: InputOf<ListScenesNearbyData>,
  ctx: HandlerContext,
): Promise<ScenesNearbyReply> {
  const query = filled(input.query, 'radius_m', 'limit', 'quality');
  const release = ctx.data;
  const { light } = release.scenes;
  const radiusM = resolveRadius(query, ctx);
  reportIgnoredLegacy(ctx);
  const years = checkYearRange(query.year_from, query.year_to);
  const chooser = resolvePolicy(query, ctx, light);
  const circle = { lat: Number(query.lat), lon: Number(query.lon), radiusM };
  const { limit } = query;

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
