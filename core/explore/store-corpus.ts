/**
 * The search corpus of the served release, read from the store: per scene the released verbalization of the highest
 * generation version, joined with the scene's light columns. Quarantined scenes are left out (search never returns
 * them); an analysis that does not parse into an object becomes null.
 */
import type { ServedRelease } from '../data/served-release.ts';
import { readAnalysis } from '../place/scenes-detail-parts.ts';
import type { VerbalizationRow } from '../release/types.ts';
import type { CorpusObservation } from '../search/corpus.ts';
import { iterateVerbalizations } from '../store/index.ts';

export function analysisOf(row: Pick<VerbalizationRow, 'analysis_status' | 'analysis_json'>) {
  return readAnalysis(row.analysis_status, row.analysis_json);
}

function observationOf(release: ServedRelease, row: number, v: VerbalizationRow, version: number | null) {
  const { light } = release.scenes;
  const { analysis } = analysisOf(v);
  return {
    scene_id: v.scene_id,
    lat: light.lats[row] as number,
    lon: light.lons[row] as number,
    ward: light.wards[row] ?? null,
    capture_year: light.captureYears[row] ?? null,
    generation: { id: v.generation_id, version },
    title: v.title,
    summary: v.summary,
    analysis: analysis as Record<string, unknown> | null,
    scene: { observation_model: v.model, prompt_version: v.prompt_version, generated_at: v.generated_at },
  } satisfies CorpusObservation;
}

/**
 * Yields one observation per searchable scene. Verbalizations arrive ordered by scene id, so a scene's rows are
 * adjacent and only the current scene's best row is held.
 */
export async function* readStoreCorpus(release: ServedRelease): AsyncGenerator<CorpusObservation> {
  const versions = new Map(release.generations.map((g) => [g.id, g.version]));
  const { rowById, light } = release.scenes;
  let best: VerbalizationRow | null = null;
  const flush = function* () {
    if (!best) return;
    const row = rowById.get(best.scene_id);
    if (row !== undefined && light.quarantined[row] === 0)
      yield observationOf(release, row, best, versions.get(best.generation_id) ?? null);
  };
  for await (const v of iterateVerbalizations(release.store, release.record.release_id)) {
    if (v.status !== 'released') continue;
    if (best && best.scene_id !== v.scene_id) {
      yield* flush();
      best = null;
    }
    if (!best || (versions.get(v.generation_id) ?? 0) > (versions.get(best.generation_id) ?? 0)) best = v;
  }
  yield* flush();
}
