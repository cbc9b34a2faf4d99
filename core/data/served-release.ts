import { LineIndex } from '../geo/line-index.ts';
import { PointIndex } from '../geo/point-index.ts';
import { PolygonIndex } from '../geo/polygon-index.ts';
import { buildSceneIndex } from '../geo/scene-index.ts';
import type { Logger } from '../log.ts';
import type { Manifest } from '../release/manifest-types.ts';
import type { AmenityKind, AmenityRow } from '../release/types.ts';
import { IdTable } from '../store/id-table.ts';
import {
  getRelease,
  getServedRelease,
  listGenerations,
  loadAmenities,
  loadAreaLight,
  loadChangeLight,
  loadEdgeLight,
  loadSceneLight,
  loadStreetLight,
  type ReleaseRecord,
  type SceneLight,
  type Store,
} from '../store/index.ts';
import { writeReleaseCardsSnapshot } from './cards-loader.ts';
import { loadCardsRetrying } from './cards-retry.ts';
import { readLightSnapshot, snapshotPath, writeLightSnapshot } from './light-snapshot.ts';
import { noTimer, type StartupTimer } from './startup-timer.ts';
import type { ReleaseLight, SceneLayer, ServedRelease } from './types.ts';

export type { ReleaseLight, SceneLayer, ServedRelease } from './types.ts';

// The release being served: its manifest, the store for reads by key, and the in-memory indexes built once at start
// from the light columns. Everything position-based is answered from here; full rows come from the store.

function buildSceneLayer(light: SceneLight): SceneLayer {
  let keptCount = 0;
  for (let row = 0; row < light.count; row++) if (light.quarantined[row] === 0) keptCount++;
  const rowOf = new Int32Array(keptCount);
  const lats = new Float64Array(keptCount);
  const lons = new Float64Array(keptCount);
  for (let row = 0, kept = 0; row < light.count; row++) {
    if (light.quarantined[row] !== 0) continue;
    rowOf[kept] = row;
    lats[kept] = light.lats[row] as number;
    lons[kept] = light.lons[row] as number;
    kept++;
  }
  // The tie-break reads years and ids in the light columns through rowOf: kept-only copies held ~20 MB at 1 M scenes.
  const { captureYears, ids } = light;
  const index = buildSceneIndex({ lats, lons, captureYears, ids, rowOf });
  return { light, index, rowOf, rowById: new IdTable(light.ids), cards: null };
}

function pointIndexOf(rows: readonly { lat: number; lon: number }[]): PointIndex {
  return PointIndex.build(
    Float64Array.from(rows, (row) => row.lat),
    Float64Array.from(rows, (row) => row.lon),
  );
}

function amenityIndexes(rows: AmenityRow[]): ServedRelease['amenities'] {
  const byKind = new Map<AmenityKind, { rows: AmenityRow[]; index: PointIndex }>();
  for (const kind of ['vending_machine', 'toilet', 'bench'] as const) {
    const ofKind = rows.filter((row) => row.kind === kind);
    byKind.set(kind, { rows: ofKind, index: pointIndexOf(ofKind) });
  }
  return byKind;
}

/** Reads the light columns; each read is timed on its own (they overlap on PostgreSQL, queue on PGlite). */
export async function readReleaseLight(store: Store, releaseId: string, timer = noTimer): Promise<ReleaseLight> {
  const [scenes, generations, amenities, changes, edges, streets, areas] = await Promise.all([
    timer.time('read_scenes', () => loadSceneLight(store, releaseId)),
    listGenerations(store, releaseId),
    timer.time('read_amenities', () => loadAmenities(store, releaseId)),
    timer.time('read_changes', () => loadChangeLight(store, releaseId)),
    timer.time('read_edges', () => loadEdgeLight(store, releaseId)),
    timer.time('read_streets', () => loadStreetLight(store, releaseId)),
    timer.time('read_areas', () => loadAreaLight(store, releaseId)),
  ]);
  return { scenes, generations, amenities, changes, edges, streets, areas };
}

export function buildServedRelease(
  record: ReleaseRecord,
  store: Store,
  light: ReleaseLight,
  started: number,
): ServedRelease {
  const { generations, amenities, changes, edges, streets, areas } = light;
  return {
    record,
    manifest: record.manifest as Manifest,
    store,
    generations,
    scenes: buildSceneLayer(light.scenes),
    amenities: amenityIndexes(amenities),
    changes: { rows: changes, index: pointIndexOf(changes) },
    edges: { rows: edges, index: LineIndex.build(edges.map((edge) => edge.geom as [number, number][])) },
    streets: {
      rows: streets,
      byId: new Map(streets.map((street) => [street.street_id, street])),
      index: LineIndex.build(streets.map((street) => street.axis)),
    },
    areas: {
      rows: areas,
      index: PolygonIndex.build(
        areas.map((area) => area.geometry as never),
        areas.map((area) => area.center),
      ),
    },
    loadedInMs: Math.round(performance.now() - started),
  };
}

export interface LoadOptions {
  timer?: StartupTimer;
  /** Where the light snapshot of the release is kept (DATA_DIR); null: always read the store. */
  snapshotDir?: string | null;
  log?: Logger;
  /**
   * Receives the snapshot write when the store had to be read, instead of waiting for it: npm start listens first
   * (measured at 1 M scenes: ~2 s of encoding and writing off the path to listening). Absent: the load waits for it.
   */
  background?: (task: Promise<void>) => void;
}

/** The light columns from the snapshot when it is current, else from the store (then the snapshot is rewritten). */
async function readLight(store: Store, record: ReleaseRecord, options: LoadOptions): Promise<ReleaseLight> {
  const { timer = noTimer, snapshotDir = null, log } = options;
  const key = { release_id: record.release_id, ingested_at: record.ingested_at };
  const path = snapshotDir ? snapshotPath(snapshotDir, record.release_id) : null;
  if (path) {
    const read = await timer.time('read_snapshot', () => readLightSnapshot(path, key));
    if (read.light) return read.light;
    log?.info({ path, reason: read.reason }, 'light snapshot not used: reading the store');
  }
  const light = await timer.time('read_light', () => readReleaseLight(store, record.release_id, timer));
  if (path) {
    // A cache: failing to write it (read-only folder, full disk) costs the next start time, nothing else.
    const write = timer
      .time('write_snapshot', () => writeLightSnapshot(path, key, light))
      .catch((error: unknown) => log?.warn({ path, err: error }, 'could not write the light snapshot'));
    if (options.background) options.background(write);
    else await write;
  }
  return light;
}

/**
 * Reads a stored release's light columns and writes their snapshot into dataDir: run after ingest, so that even the
 * first start of the embedded store reads the file rather than the store.
 */
export async function writeReleaseSnapshot(
  store: Store,
  dataDir: string,
  releaseId: string,
): Promise<{ path: string; cardsPath: string | null; ms: number }> {
  const started = performance.now();
  const record = await getRelease(store, releaseId);
  if (!record) throw new Error(`release ${releaseId} is not in the store`);
  const path = snapshotPath(dataDir, releaseId);
  const light = await readReleaseLight(store, releaseId);
  const key = { release_id: releaseId, ingested_at: record.ingested_at };
  await writeLightSnapshot(path, key, light);
  const cardsPath = await writeReleaseCardsSnapshot(store, dataDir, key, light.scenes);
  return { path, cardsPath, ms: Math.round(performance.now() - started) };
}

export async function loadServedRelease(store: Store, options: LoadOptions = {}): Promise<ServedRelease | null> {
  const record = await getServedRelease(store);
  return record ? loadRelease(store, record, options) : null;
}

/** A stored release in memory: light columns and indexes, then its card records (see LoadOptions.background). */
export async function loadRelease(
  store: Store,
  record: ReleaseRecord,
  options: LoadOptions = {},
): Promise<ServedRelease> {
  const started = performance.now();
  const timer = options.timer ?? noTimer;
  const light = await readLight(store, record, options);
  const release = await timer.time('build_indexes', () => buildServedRelease(record, store, light, started));
  // The card columns are not needed to answer, only to answer nearby fast: npm start loads them after listening.
  // A failed load is tried again in the background once the store answers (cards-retry.ts).
  const cards = loadCardsRetrying(release, { snapshotDir: options.snapshotDir ?? null, log: options.log, timer });
  if (options.background) options.background(cards);
  else await cards;
  return release;
}
