// The light columns of every scene of a release, columnar, for the in-memory indexes built at start. Read through
// COPY … TO STDOUT rather than as rows: on PGlite that is 3-5x faster (6.2 s → 1.3 s for 50 000 scenes).
import type { VerbalizationStatus } from '../../release/types.ts';
import { forEachCopyRow, quoteLiteral } from '../copy-text.ts';
import type { Queryable } from '../types.ts';

/** Per generation and scene: which verbalization exists. 0 means none. */
export const verbalizationStatusCodes = { released: 1, experimental: 2, deprecated: 3 } as const satisfies Record<
  VerbalizationStatus,
  number
>;

export interface SceneLight {
  count: number;
  /** Scene ids in store order (not sorted); every other column follows this order. */
  ids: string[];
  lats: Float64Array;
  lons: Float64Array;
  /** null when unknown. */
  captureYears: (number | null)[];
  /** 1 for quarantined scenes: only served by id, never found by position or counted. */
  quarantined: Uint8Array;
  /** Ward label per scene (the same string instance for every scene of a ward). */
  wards: (string | null)[];
  /** The release's generation ids (by version); statusByGeneration[g][i] is scene i's status code in generation g. */
  generationIds: string[];
  statusByGeneration: Uint8Array[];
}

async function loadScenes(db: Queryable, releaseId: string) {
  const ids: string[] = [];
  const lats: number[] = [];
  const lons: number[] = [];
  const captureYears: (number | null)[] = [];
  const quarantined: number[] = [];
  const wards: (string | null)[] = [];
  const wardLabels = new Map<string, string>();
  const text = await db.copyOut(
    `SELECT id, lat, lon, capture_year, quarantined, ward FROM scenes WHERE release_id = ${quoteLiteral(releaseId)}`,
  );
  forEachCopyRow(text, ([id, lat, lon, year, isQuarantined, ward]) => {
    ids.push(id as string);
    lats.push(Number(lat));
    lons.push(Number(lon));
    captureYears.push(year == null ? null : Number(year));
    quarantined.push(isQuarantined === 't' ? 1 : 0);
    if (ward == null) wards.push(null);
    else {
      const label = wardLabels.get(ward) ?? ward;
      wardLabels.set(label, label);
      wards.push(label);
    }
  });
  return { ids, lats, lons, captureYears, quarantined, wards };
}

async function loadStatuses(db: Queryable, releaseId: string, ids: string[], generationIds: string[]) {
  const statusByGeneration = generationIds.map(() => new Uint8Array(ids.length));
  const generationIndex = new Map(generationIds.map((id, index) => [id, index]));
  const sceneIndex = new Map(ids.map((id, index) => [id, index]));
  const text = await db.copyOut(
    `SELECT scene_id, generation_id, status FROM verbalization_status WHERE release_id = ${quoteLiteral(releaseId)}`,
  );
  forEachCopyRow(text, ([sceneId, generationId, status]) => {
    const scene = sceneIndex.get(sceneId as string);
    const codes = statusByGeneration[generationIndex.get(generationId as string) ?? -1];
    if (scene === undefined || !codes) return; // ingest refuses such rows
    codes[scene] = verbalizationStatusCodes[status as VerbalizationStatus] ?? 0;
  });
  return statusByGeneration;
}

export async function loadSceneLight(db: Queryable, releaseId: string): Promise<SceneLight> {
  const scenes = await loadScenes(db, releaseId);
  const generationIds = (
    await db.query<{ id: string }>('SELECT id FROM generations WHERE release_id = $1 ORDER BY version, id', [releaseId])
  ).map((row) => row.id);
  return {
    count: scenes.ids.length,
    ids: scenes.ids,
    lats: Float64Array.from(scenes.lats),
    lons: Float64Array.from(scenes.lons),
    captureYears: scenes.captureYears,
    quarantined: Uint8Array.from(scenes.quarantined),
    wards: scenes.wards,
    generationIds,
    statusByGeneration: await loadStatuses(db, releaseId, scenes.ids, generationIds),
  };
}
