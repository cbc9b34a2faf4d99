import type { LineIndex } from '../geo/line-index.ts';
import type { PointIndex } from '../geo/point-index.ts';
import type { PolygonIndex } from '../geo/polygon-index.ts';
import type { Manifest } from '../release/manifest-types.ts';
import type { AmenityKind, AmenityRow, GenerationRow } from '../release/types.ts';
import type {
  AreaLight,
  ChangeLight,
  EdgeLight,
  ReleaseRecord,
  SceneLight,
  Store,
  StreetLight,
} from '../store/index.ts';
import type { CardRecords } from './card-records.ts';

// The shapes of the release in memory, apart from the code that loads them (served-release.ts, the snapshot readers
// and the card loader all build or fill these).

export interface SceneLayer {
  light: SceneLight;
  // Only non-quarantined scenes are indexed; indexed point i is light row rowOf[i].
  index: PointIndex;
  rowOf: Int32Array;
  /** Light row of a scene id (an IdTable: a Map of a million ids costs ~2 s and ~50 MB more at start). */
  rowById: { get(id: string): number | undefined };
  /** Everything a nearby result shows, in memory; null until loaded after start (cards-loader.ts). */
  cards: CardRecords | null;
}

export interface ServedRelease {
  record: ReleaseRecord;
  manifest: Manifest;
  store: Store;
  generations: GenerationRow[];
  scenes: SceneLayer;
  amenities: Map<AmenityKind, { rows: AmenityRow[]; index: PointIndex }>;
  changes: { rows: ChangeLight[]; index: PointIndex };
  edges: { rows: EdgeLight[]; index: LineIndex };
  /** index: the street axes (ingest requires two points or more), line i being rows[i]. */
  streets: { rows: StreetLight[]; byId: Map<number, StreetLight>; index: LineIndex };
  areas: { rows: AreaLight[]; index: PolygonIndex };
  loadedInMs: number;
}

/** What the store gives for the indexes: the release's light columns and small tables. */
export interface ReleaseLight {
  scenes: SceneLight;
  generations: GenerationRow[];
  amenities: AmenityRow[];
  changes: ChangeLight[];
  edges: EdgeLight[];
  streets: StreetLight[];
  areas: AreaLight[];
}
