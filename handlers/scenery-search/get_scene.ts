import { ApiError } from '../../core/errors.ts';
import type { VerbalizationRow } from '../../core/release/types.ts';
import { tagsOf } from '../../core/scenery-search/corpus.ts';
import { builtCorpus, searchCatalog } from '../../core/scenery-search/engine-holder.ts';
import { API_VERSION, apiBaseOf, sceneLinksOf, scenerySearchLicenseOf } from '../../core/scenery-search/links.ts';
import { analysisOf } from '../../core/scenery-search/store-corpus.ts';
import { getSceneDetail } from '../../core/store/index.ts';
import type { GetSceneData, GetSceneResponses } from '../../generated/scenery-search/types.gen.ts';
import type { HandlerContext, InputOf, SearchReply } from '../types.ts';

// GET /explore/api/scene/{scene_id}: one scene's released observation in full (its newest released generation),
// quarantined scenes included.

export default async function getScene(
  input: InputOf<GetSceneData>,
  ctx: HandlerContext,
): Promise<SearchReply<GetSceneResponses>> {
  const sceneId = input.path.scene_id;
  const release = ctx.data;
  const detail = await getSceneDetail(release.store, release.record.release_id, sceneId);
  if (!detail) throw notFound(sceneId);
  const versions = new Map(release.generations.map((g) => [g.id, g.version]));
  let best: VerbalizationRow | null = null;
  for (const v of detail.verbalizations) {
    if (v.status !== 'released') continue;
    if (!best || (versions.get(v.generation_id) ?? 0) > (versions.get(best.generation_id) ?? 0)) best = v;
  }
  if (!best) throw notFound(sceneId);
  const { scene } = detail;
  const { status, analysis } = analysisOf(best);
  return {
    id: scene.id,
    year: scene.capture_year,
    capture_year: scene.capture_year,
    lat: scene.lat,
    lon: scene.lon,
    ward: scene.ward,
    title: best.title,
    coordinate_role: 'image_capture_position',
    generation: { id: best.generation_id, status: 'released', version: versions.get(best.generation_id) ?? null },
    source_release: release.record.release_id,
    is_pano: scene.is_pano,
    camera_type: scene.camera_type,
    position_source: scene.position_source,
    observation_model: best.model,
    prompt_version: best.prompt_version,
    generated_at: best.generated_at,
    links: sceneLinksOf(apiBaseOf(ctx.origin), release, scene.id),
    tags: tagsFor(ctx, scene.id),
    api_version: API_VERSION,
    data_language: 'ja',
    observation: {
      summary: best.summary,
      analysis_status: status,
      analysis,
      content_sha256: best.content_sha256,
    },
    license: scenerySearchLicenseOf(release),
  };
}

function notFound(sceneId: string): ApiError {
  return new ApiError('not_found', `No scene ${sceneId} with a released observation in this release`, {
    field: 'scene_id',
  });
}

/** Category ids the search indexed the scene under; empty until the index is built (never waits for it). */
function tagsFor(ctx: HandlerContext, sceneId: string): string[] {
  const corpus = builtCorpus(ctx.data);
  const doc = corpus?.docById.get(sceneId);
  if (!corpus || doc === undefined) return [];
  const { categories } = searchCatalog();
  return tagsOf(corpus, doc).map((index) => categories[index]?.id as string);
}
