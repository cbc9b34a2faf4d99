/**
 * The search corpus of a release, read from the store: per scene the released verbalization of the highest generation
 * version, joined with the scene's columns (and, while the index is built, the scene's other released verbalizations
 * as `others`, stated-elsewhere.ts). Quarantined scenes are left out (search never returns them); an analysis
 * that does not parse into an object becomes null. The whole release is streamed once to build the index; a page's
 * candidates are read back by id (the index keeps no observations).
 */
import type { SceneLayer, ServedRelease } from '../data/served-release.ts';
import type { SceneRow, VerbalizationRow } from '../release/types.ts';
import { readAnalysis } from '../scenes/detail-parts.ts';
import { selectList } from '../store/columns.ts';
import { iterateVerbalizations, listGenerations, loadSceneLight, type Row, type Store } from '../store/index.ts';
import type { CorpusObservation } from './corpus.ts';

/** What reading a release's corpus needs: a ServedRelease has it, and so has a release just ingested. */
export interface CorpusSource {
  store: Store;
  record: { release_id: string };
  generations: ServedRelease['generations'];
  scenes: Pick<SceneLayer, 'light' | 'rowById'>;
}

/** The source of a release that is stored but not (yet) served, e.g. right after ingest. */
export async function corpusSourceOf(store: Store, releaseId: string): Promise<CorpusSource> {
  const [light, generations] = await Promise.all([loadSceneLight(store, releaseId), listGenerations(store, releaseId)]);
  return {
    store,
    record: { release_id: releaseId },
    generations,
    scenes: { light, rowById: new Map(light.ids.map((id, row) => [id, row])) },
  };
}

export function analysisOf(row: Pick<VerbalizationRow, 'analysis_status' | 'analysis_json'>) {
  return readAnalysis(row.analysis_status, row.analysis_json);
}

type SceneColumns = Pick<SceneRow, 'is_pano' | 'camera_type' | 'position_source'>;

function observationOf(
  source: CorpusSource,
  row: number,
  v: VerbalizationRow,
  version: number | null,
  scene: SceneColumns | null,
) {
  const { light } = source.scenes;
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
    scene: {
      ...(scene
        ? { is_pano: scene.is_pano, camera_type: scene.camera_type, position_source: scene.position_source }
        : {}),
      observation_model: v.model,
      prompt_version: v.prompt_version,
      generated_at: v.generated_at,
    },
  } satisfies CorpusObservation;
}

/**
 * Yields one observation per searchable scene (without the scene columns only results show), with its other released
 * verbalizations as `others`. Verbalizations arrive ordered by scene id, so a scene's rows are adjacent and only the
 * current scene's rows are held.
 */
export async function* readStoreCorpus(source: CorpusSource): AsyncGenerator<CorpusObservation> {
  const versions = new Map(source.generations.map((g) => [g.id, g.version]));
  const versionOf = (v: VerbalizationRow) => versions.get(v.generation_id) ?? 0;
  const { rowById, light } = source.scenes;
  let rows: VerbalizationRow[] = [];
  const flush = function* () {
    if (rows.length === 0) return;
    const best = rows.reduce((kept, v) => (versionOf(v) > versionOf(kept) ? v : kept));
    const row = rowById.get(best.scene_id);
    if (row === undefined || light.quarantined[row] !== 0) return;
    const observation = observationOf(source, row, best, versions.get(best.generation_id) ?? null, null);
    const others = rows
      .filter((v) => v !== best)
      .map((v) => ({ summary: v.summary, analysis: analysisOf(v).analysis }));
    yield others.length > 0 ? { ...observation, others } : observation;
  };
  for await (const v of iterateVerbalizations(source.store, source.record.release_id)) {
    if (v.status !== 'released') continue;
    if (rows.length > 0 && (rows[0] as VerbalizationRow).scene_id !== v.scene_id) {
      yield* flush();
      rows = [];
    }
    rows.push(v);
  }
  yield* flush();
}

/**
 * The observations of the given scenes, read from the store in one query (the judge's candidates, a page's results),
 * with the scene columns results carry (is_pano, camera_type, position_source) unless `withScene` is false: the
 * judge reads the text only, and joining the scenes costs a random page read per scene (a third of the read at a
 * million scenes); loadStoreSceneFields adds them for the candidates that become results.
 */
export async function loadStoreObservations(
  source: CorpusSource,
  ids: string[],
  withScene = true,
): Promise<Map<string, CorpusObservation>> {
  const found = new Map<string, CorpusObservation>();
  if (ids.length === 0) return found;
  const versions = new Map(source.generations.map((g) => [g.id, g.version]));
  const rows = await source.store.query<VerbalizationRow & Partial<SceneColumns> & Row>(
    withScene
      ? `SELECT ${selectList('verbalizations', 'v')}, s.is_pano, s.camera_type, s.position_source
     FROM verbalizations v JOIN scenes s ON s.release_id = v.release_id AND s.id = v.scene_id
     WHERE v.release_id = $1 AND v.scene_id = ANY($2::text[]) AND v.status = 'released'`
      : `SELECT ${selectList('verbalizations', 'v')} FROM verbalizations v
     WHERE v.release_id = $1 AND v.scene_id = ANY($2::text[]) AND v.status = 'released'`,
    [source.record.release_id, ids],
  );
  const best = new Map<string, VerbalizationRow & Partial<SceneColumns>>();
  for (const v of rows) {
    const current = best.get(v.scene_id);
    if (!current || (versions.get(v.generation_id) ?? 0) > (versions.get(current.generation_id) ?? 0))
      best.set(v.scene_id, v);
  }
  for (const [id, v] of best) {
    const row = source.scenes.rowById.get(id);
    const scene = withScene ? (v as SceneColumns) : null;
    if (row !== undefined) found.set(id, observationOf(source, row, v, versions.get(v.generation_id) ?? null, scene));
  }
  return found;
}

/** The scene columns results carry, for observations read without them (loadStoreObservations, withScene false). */
export async function loadStoreSceneFields(
  source: CorpusSource,
  ids: string[],
): Promise<Map<string, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  const rows = await source.store.query<SceneColumns & { id: string } & Row>(
    `SELECT id, is_pano, camera_type, position_source FROM scenes WHERE release_id = $1 AND id = ANY($2::text[])`,
    [source.record.release_id, ids],
  );
  return new Map(
    rows.map((s) => [s.id, { is_pano: s.is_pano, camera_type: s.camera_type, position_source: s.position_source }]),
  );
}
