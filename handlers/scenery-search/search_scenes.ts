import { searchRequestKeys } from '../../core/scenery-search/contract.ts';
import { engineFor } from '../../core/scenery-search/engine-holder.ts';
import { API_VERSION, apiBaseOf, sceneLinksOf, scenerySearchLicenseOf } from '../../core/scenery-search/links.ts';
import type { SearchScenesData, SearchScenesResponses } from '../../generated/scenery-search/types.gen.ts';
import type { HandlerContext, InputOf, SearchReply } from '../types.ts';

// POST /explore/api/search: one page from the release's engine, with what only the server knows added (the API
// version, the release, each result's links and the license).

export default async function searchScenes(
  input: InputOf<SearchScenesData>,
  ctx: HandlerContext,
): Promise<SearchReply<SearchScenesResponses>> {
  const release = ctx.data;
  const engine = await engineFor(release, { config: ctx.config, log: ctx.log });
  // Validation filled the spec's defaults into the body, so the keys the client really sent come from `given` (the
  // HTTP layer adds the body's keys): whether year_from / year_to were sent decides if years named in the query apply.
  const sentKeys = searchRequestKeys.filter((key) => ctx.given.has(key));
  const page = await engine.search(input.body, ctx.now(), sentKeys);
  const base = apiBaseOf(ctx.origin);
  const sourceRelease = release.record.release_id;
  return {
    api_version: API_VERSION,
    source_release: sourceRelease,
    ...page,
    results: page.results.map((item) => ({
      ...item,
      source_release: sourceRelease,
      links: sceneLinksOf(base, release, item.id),
    })),
    license: scenerySearchLicenseOf(release),
  };
}
