import { ApiError } from '../../core/errors.ts';
import type { VerbalizationRow } from '../../core/release/types.ts';
import { machineFeaturesOf, machineNotes, readAnalysis, sceneMetadataOf } from '../../core/scenes/detail-parts.ts';
import { resolvePolicy } from '../../core/scenes/filters.ts';
import { imagePageOf, versionsOf } from '../../core/scenes/items.ts';
import { sceneDetailNote } from '../../core/scenes/notes.ts';
import { readSpec, specFiles, specSchema } from '../../core/spec.ts';
import { getSceneDetail } from '../../core/store/index.ts';
import type {
  GenerationRef,
  GetSceneData,
  GetSceneResponses,
  Verbalization,
} from '../../generated/place-lookup/types.gen.ts';
import { filled, type HandlerContext, type InputOf, type PlaceReply } from '../types.ts';

// GET /v1/scenes/{id} (and its alias /v1/node/{id}): one scene by id, quarantined or not, with the observation the
// quality policy selects and no automatic fallback when none matches; the optional parts come only when `include`
// asks for them.

type SceneDetailReply = PlaceReply<GetSceneResponses>;
type IncludePart = SceneDetailReply['include'][number];

// spec: the parts a scene detail can include (components.schemas.SceneDetailBody, properties.include.items.enum).
const includeParts = (() => {
  const schema = specSchema(readSpec(specFiles.placeLookup), 'SceneDetailBody');
  const words = (schema.properties as Record<string, { items?: { enum?: unknown } }>).include?.items?.enum;
  if (!Array.isArray(words) || !words.every((word) => typeof word === 'string')) {
    throw new Error('spec: SceneDetailBody.include.items.enum must list the include words');
  }
  return Object.freeze(words as IncludePart[]);
})();

/** The comma list (the spec's pattern already refused unknown and empty words), deduplicated, in the given order. */
export function parseInclude(text: string): IncludePart[] {
  const parts: IncludePart[] = [];
  for (const word of text.split(',')) {
    if (!includeParts.includes(word as IncludePart)) {
      throw new ApiError('invalid_parameter', `include may list only ${includeParts.join(', ')}, comma-separated`, {
        field: 'include',
      });
    }
    if (!parts.includes(word as IncludePart)) parts.push(word as IncludePart);
  }
  return parts;
}

export default async function getScene(input: InputOf<GetSceneData>, ctx: HandlerContext): Promise<SceneDetailReply> {
  const { id } = input.path;
  const query = filled(input.query, 'include', 'quality');
  const release = ctx.data;
  const { light, rowById } = release.scenes;
  const include = parseInclude(query.include);
  const chooser = resolvePolicy(query, ctx, light);
  const row = rowById.get(id);
  const detail = row === undefined ? null : await getSceneDetail(release.store, release.record.release_id, id);
  if (row === undefined || detail === null) {
    throw new ApiError('not_found', `No scene with id ${id} in the served release`, { field: 'id' });
  }
  const versions = versionsOf(release.generations);
  const versionOf = (generationId: string) => versions.get(generationId) ?? 1;
  const available: GenerationRef[] = detail.verbalizations
    .map((v) => ({ id: v.generation_id, status: v.status, version: versionOf(v.generation_id) }))
    .sort((a, b) => a.version - b.version || (a.id < b.id ? -1 : 1));

  const picked = chooser.pick(row);
  const generationId = picked < 0 ? null : (light.generationIds[picked] as string);
  const chosen = detail.verbalizations.find((v) => v.generation_id === generationId) ?? null;
  const verbalization =
    chosen && verbalizationOf(chosen, versionOf(chosen.generation_id), include.includes('analysis'));

  const machineRequested = include.includes('machine');
  const { scene } = detail;
  return {
    quality_policy: chooser.policy,
    note: sceneDetailNote({
      policy: chooser.policy,
      quarantined: scene.quarantined,
      hasVerbalization: verbalization !== null,
      invalidAnalysis: verbalization?.analysis_status === 'invalid',
    }),
    scene: {
      id: scene.id,
      lat: scene.lat,
      lon: scene.lon,
      position_source: scene.position_source,
      capture_year: scene.capture_year,
      capture_time_quality: scene.capture_time_quality,
      ward: scene.ward,
      quarantined: scene.quarantined,
    },
    image_page: imagePageOf(release.manifest.image_page_template, scene.id),
    available_generations: available,
    include,
    verbalization,
    ...(include.includes('metadata') ? { metadata: sceneMetadataOf(scene) } : {}),
    ...(machineRequested ? { machine: detail.machine && machineFeaturesOf(detail.machine) } : {}),
    machine_note:
      machineRequested && detail.machine === null
        ? `${machineNotes.about} ${machineNotes.missing}`
        : machineNotes.about,
  };
}

function verbalizationOf(row: VerbalizationRow, version: number, withAnalysis: boolean): Verbalization {
  const { status, analysis } = readAnalysis(row.analysis_status, row.analysis_json);
  return {
    generation: { id: row.generation_id, status: row.status, version },
    model: row.model,
    prompt_version: row.prompt_version,
    generated_at: row.generated_at,
    summary: row.summary,
    analysis_status: status,
    content_sha256: row.content_sha256,
    ...(withAnalysis ? { analysis } : {}),
  };
}
