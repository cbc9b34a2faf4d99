// Scenes by key: the full detail of one scene, and the fields of nearby results the in-memory index does not hold.
import type { MachineFeatureRow, SceneRow, VerbalizationRow, VerbalizationStatus } from '../../release/types.ts';
import { selectList } from '../columns.ts';
import { type Queryable, type Row, wholeTable } from '../types.ts';

export interface SceneDetail {
  scene: SceneRow;
  /** Every generation's verbalization of the scene, ordered by generation id; the handler applies the quality policy. */
  verbalizations: VerbalizationRow[];
  machine: MachineFeatureRow | null;
}

/** One scene with its verbalizations and machine row; null when the release has no such scene. */
export async function getSceneDetail(db: Queryable, releaseId: string, sceneId: string): Promise<SceneDetail | null> {
  const [scene] = await db.query<SceneRow & Row>(
    `SELECT ${selectList('scenes')} FROM scenes WHERE release_id = $1 AND id = $2`,
    [releaseId, sceneId],
  );
  if (!scene) return null;
  const verbalizations = await db.query<VerbalizationRow & Row>(
    `SELECT ${selectList('verbalizations')} FROM verbalizations
     WHERE release_id = $1 AND scene_id = $2 ORDER BY generation_id`,
    [releaseId, sceneId],
  );
  const [machine] = await db.query<MachineFeatureRow & Row>(
    `SELECT ${selectList('machine_features')} FROM machine_features WHERE release_id = $1 AND node_id = $2`,
    [releaseId, sceneId],
  );
  return { scene, verbalizations, machine: machine ?? null };
}

export interface ScenePick {
  sceneId: string;
  /** The generation chosen by the quality policy; null when none applies (the card then has no verbalization). */
  generationId: string | null;
}

export interface SceneCard {
  id: string;
  lat: number;
  lon: number;
  position_source: SceneRow['position_source'];
  capture_year: number | null;
  ward: string | null;
  view_class: string | null;
  travel_bearing: number | null;
  is_pano: boolean | null;
  /** The picked verbalization, or nulls when none was picked or the pick does not exist. */
  generation_id: string | null;
  status: VerbalizationStatus | null;
  model: string | null;
  prompt_version: string | null;
  title: string | null;
  summary: string | null;
  analysis_status: VerbalizationRow['analysis_status'] | null;
}

/** Fields of nearby results for up to a page of scenes, in the order of `picks` (unknown scene ids are skipped). */
export async function getSceneCards(
  db: Queryable,
  releaseId: string,
  picks: readonly ScenePick[],
): Promise<SceneCard[]> {
  if (picks.length === 0) return [];
  return db.query<SceneCard & Row>(
    `SELECT s.id, s.lat, s.lon, s.position_source, s.capture_year, s.ward, s.view_class, s.travel_bearing, s.is_pano,
            v.generation_id, v.status, v.model, v.prompt_version, v.title, v.summary, v.analysis_status
     FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS k(scene_id, generation_id, ord)
     JOIN scenes s ON s.release_id = $1 AND s.id = k.scene_id
     LEFT JOIN verbalizations v ON v.release_id = $1 AND v.scene_id = k.scene_id AND v.generation_id = k.generation_id
     ORDER BY k.ord`,
    [releaseId, picks.map((pick) => pick.sceneId), picks.map((pick) => pick.generationId)],
  );
}

/**
 * Every verbalization of a release (optionally of one generation), page by page in key order, for building text
 * indexes at start without holding the whole table twice.
 */
export async function* iterateVerbalizations(
  db: Queryable,
  releaseId: string,
  options: { generationId?: string; pageSize?: number } = {},
): AsyncGenerator<VerbalizationRow> {
  const pageSize = options.pageSize ?? 5_000;
  const generation = options.generationId ?? null;
  let after = { sceneId: '', generationId: '' };
  for (;;) {
    const page = await db.query<VerbalizationRow & Row>(
      `SELECT ${selectList('verbalizations')} FROM verbalizations
       WHERE release_id = $1 AND ($2::text IS NULL OR generation_id = $2)
         AND (scene_id, generation_id) > ($3, $4)
       ORDER BY scene_id, generation_id LIMIT $5`,
      [releaseId, generation, after.sceneId, after.generationId, pageSize],
      wholeTable,
    );
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = { sceneId: last.scene_id, generationId: last.generation_id };
  }
}
