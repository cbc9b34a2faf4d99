import type { HandlerContext } from '../context.ts';
import type { QualityPolicy } from '../data/quality.ts';
import { ApiError } from '../errors.ts';
import { composeNote } from '../notes.ts';
import type { VerbalizationRow } from '../release/types.ts';
import { getSceneDetail } from '../store/index.ts';
import { machineFeaturesOf, machineNotes, readAnalysis, sceneMetadataOf } from './detail-parts.ts';
import { type PolicyQuery, resolvePolicy } from './filters.ts';
import { type GenerationRef, imagePageOf } from './items.ts';
import { sceneNotes } from './notes.ts';

// GET /v1/scenes/{id}: one scene by id, quarantined or not, with the verbalization the policy selects and no
// automatic fallback when none matches; the optional parts come only when `include` asks for them.

export type IncludePart = 'metadata' | 'machine' | 'analysis';

export interface SceneDetailQuery extends PolicyQuery {
  include?: string;
}

const includeParts: readonly IncludePart[] = ['metadata', 'machine', 'analysis'];

/** The comma list (the spec's pattern already refused unknown and empty words), deduplicated, in the given order. */
export function parseInclude(text: string | undefined): IncludePart[] {
  const words = (text ?? 'analysis').split(',');
  const parts: IncludePart[] = [];
  for (const word of words) {
    if (!includeParts.includes(word as IncludePart)) {
      throw new ApiError('invalid_parameter', `include may list only ${includeParts.join(', ')}, comma-separated`, {
        field: 'include',
      });
    }
    if (!parts.includes(word as IncludePart)) parts.push(word as IncludePart);
  }
  return parts;
}

function verbalizationOf(row: VerbalizationRow, version: number, withAnalysis: boolean) {
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

export async function describeScene(id: string, query: SceneDetailQuery, ctx: HandlerContext) {
  const release = ctx.data;
  const { light, rowById } = release.scenes;
  const include = parseInclude(query.include);
  const chooser = resolvePolicy(query, ctx, light);
  const row = rowById.get(id);
  const detail = row === undefined ? null : await getSceneDetail(release.store, release.record.release_id, id);
  if (row === undefined || detail === null) {
    throw new ApiError('not_found', `No scene with id ${id} in the served release`, { field: 'id' });
  }
  const versions = new Map(release.generations.map((generation) => [generation.id, generation.version]));
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

function sceneDetailNote(parts: {
  policy: QualityPolicy;
  quarantined: boolean;
  hasVerbalization: boolean;
  invalidAnalysis: boolean;
}): string {
  const lines: string[] = [];
  if (parts.quarantined) lines.push(sceneNotes.quarantined);
  if (!parts.hasVerbalization) lines.push(sceneNotes.noVerbalization(parts.policy));
  if (parts.invalidAnalysis) lines.push(sceneNotes.invalidAnalysis);
  const policyNote = composeNote({ policy: parts.policy });
  if (policyNote) lines.push(policyNote);
  return lines.join(' ');
}
