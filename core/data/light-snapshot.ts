// A compact binary copy of a release's light columns in DATA_DIR, so that a start reads one file instead of asking
// the store for millions of rows (at 1 M scenes: ~1 s from the file against ~5 s from PostgreSQL and far more from
// PGlite). It is only a cache, written by `npm run ingest` and by a start that had to read the store: keyed by
// release id and ingest time, and by a fingerprint of the code that reads and encodes the light columns,
// checksummed, and ignored (then rewritten) when any of that differs. The store stays the source of truth.
//
// Layout: "MCHLIGHT" (8 bytes), u32 header length (LE), header JSON, then sections each aligned to 8 bytes at offsets
// (relative to the body start) listed in the header; `crc32` covers the whole body.
//
// Two choices keep the columns small once read (measured at 1 M scenes): ids are a JSON array, which JSON.parse turns
// into flat strings (split('\n') gives slices that keep the whole 17 MB text alive: −13 MB for ~+0.1 s), and the small
// tables' repeated strings (kind, ward, evidence …) are written once per column and shared by the rows, their scene ids
// as rows of the light ids (−33 MB; the shorter text and the pass that puts them back parse as fast as full rows).
import { join } from 'node:path';
import { IdTable } from '../store/id-table.ts';
import type { SceneLight } from '../store/index.ts';
import {
  fingerprintFiles,
  readSectionFile,
  type SectionFile,
  type SectionValue,
  staleReason,
  writeSectionFile,
} from './section-file.ts';
import type { ReleaseLight } from './types.ts';

const MAGIC = 'MCHLIGHT';
const FORMAT = 2;
const NO_YEAR = -2147483648;

/** What a snapshot must match to be used: the release as the store recorded it. */
export interface SnapshotKey {
  release_id: string;
  ingested_at: string;
}

interface Fields extends SnapshotKey {
  format: number;
  code: string;
  count: number;
  generationIds: string[];
  wards: string[];
}

// Source files whose change may change what the light columns hold: a snapshot written by other code is not trusted.
const codeFiles = [
  '../store/queries/scene-light.ts',
  '../store/queries/layers.ts',
  '../store/queries/points.ts',
  '../store/type-parsers.ts',
  './light-snapshot.ts',
  './section-file.ts',
];

let codeFingerprint: Promise<string> | undefined;

function fingerprintCode(): Promise<string> {
  codeFingerprint ??= fingerprintFiles(codeFiles.map((file) => new URL(file, import.meta.url)));
  return codeFingerprint;
}

export function snapshotPath(dataDir: string, releaseId: string): string {
  return join(dataDir, 'snapshots', `${releaseId}.light.bin`);
}

function sceneSections(scenes: SceneLight, wards: string[]): [string, SectionValue][] {
  const wardIndex = new Map(wards.map((ward, index) => [ward, index + 1]));
  const wardCodes = Uint16Array.from(scenes.wards, (ward) => (ward === null ? 0 : (wardIndex.get(ward) ?? 0)));
  const years = Int32Array.from(scenes.captureYears, (year) => year ?? NO_YEAR);
  return [
    ['lats', scenes.lats],
    ['lons', scenes.lons],
    ['years', years],
    ['quarantined', scenes.quarantined],
    ['wards', wardCodes],
    ...scenes.statusByGeneration.map((column, g) => [`status${g}`, column] as [string, SectionValue]),
    ['ids', JSON.stringify(scenes.ids)],
  ];
}

type Tables = Omit<ReleaseLight, 'scenes'>;
type Row = Record<string, unknown>;
/** Rows of the scene columns: a table column that names scenes (amenities' scene_id) refers to the light ids. */
const SCENE_IDS = 'scene ids';
/** Per table, per column written as indexes: its distinct strings, or SCENE_IDS. */
type SharedStrings = Record<string, Record<string, string[] | typeof SCENE_IDS>>;
type StringIndex = { get(value: string): number | undefined };

/**
 * The tables with each column of strings (and nulls) that repeat (at most half as many distinct) or that are all
 * scene ids written as indexes, so that a read gives every row the same string instead of a copy each.
 */
function shareStrings(
  tables: Tables,
  sceneIds: readonly string[],
): { tables: Record<string, Row[]>; shared: SharedStrings } {
  const encoded: Record<string, Row[]> = {};
  const shared: SharedStrings = {};
  let sceneRows: IdTable | undefined;
  for (const [name, rows] of Object.entries(tables) as [string, Row[]][]) {
    const columns = new Map<string, StringIndex>();
    const written: Record<string, string[] | typeof SCENE_IDS> = {};
    for (const [key, { distinct, count }] of stringColumns(rows)) {
      if (distinct.size * 2 <= count) {
        columns.set(key, distinct);
        written[key] = [...distinct.keys()];
        continue;
      }
      sceneRows ??= new IdTable(sceneIds);
      const rowsOf = sceneRows;
      if ([...distinct.keys()].every((value) => rowsOf.get(value) !== undefined)) {
        columns.set(key, rowsOf);
        written[key] = SCENE_IDS;
      }
    }
    encoded[name] = columns.size === 0 ? rows : rows.map((row) => indexStrings(row, columns));
    if (columns.size > 0) shared[name] = written;
  }
  return { tables: encoded, shared };
}

/** The columns holding only strings and nulls: their distinct strings (numbered) and how many strings. */
function stringColumns(rows: readonly Row[]): Map<string, { distinct: Map<string, number>; count: number }> {
  const columns = new Map<string, { distinct: Map<string, number>; count: number } | null>();
  for (const row of rows) {
    for (const key in row) {
      const value = row[key];
      if (value === null || value === undefined) continue;
      let column = columns.get(key);
      if (column === null) continue;
      if (typeof value !== 'string') {
        columns.set(key, null);
        continue;
      }
      if (column === undefined) {
        column = { distinct: new Map(), count: 0 };
        columns.set(key, column);
      }
      if (!column.distinct.has(value)) column.distinct.set(value, column.distinct.size);
      column.count++;
    }
  }
  const found = new Map<string, { distinct: Map<string, number>; count: number }>();
  for (const [key, column] of columns) if (column) found.set(key, column);
  return found;
}

function indexStrings(row: Row, columns: Map<string, StringIndex>): Row {
  const copy = { ...row };
  for (const [key, index] of columns) {
    const value = copy[key];
    if (typeof value === 'string') copy[key] = index.get(value);
  }
  return copy;
}

/** Puts the strings back in place of their indexes, in the parsed rows. */
function restoreStrings(tables: Record<string, Row[]>, shared: SharedStrings, sceneIds: readonly string[]): void {
  for (const [name, columns] of Object.entries(shared)) {
    const rows = tables[name] ?? [];
    for (const [key, written] of Object.entries(columns)) {
      const strings = written === SCENE_IDS ? sceneIds : written;
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i] as Row;
        const code = row[key];
        if (typeof code === 'number') row[key] = strings[code];
      }
    }
  }
}

/** Writes the snapshot atomically (a temporary file renamed into place), so a reader never sees half of one. */
export async function writeLightSnapshot(path: string, key: SnapshotKey, light: ReleaseLight): Promise<void> {
  const { scenes, ...tables } = light;
  const wards = [...new Set(scenes.wards.filter((ward): ward is string => ward !== null))];
  const fields: Fields = {
    format: FORMAT,
    code: await fingerprintCode(),
    ...key,
    count: scenes.count,
    generationIds: scenes.generationIds,
    wards,
  };
  await writeSectionFile(path, MAGIC, { ...fields }, [
    ...sceneSections(scenes, wards),
    ['tables', JSON.stringify(shareStrings(tables, scenes.ids))],
  ]);
}

export type SnapshotRead = { light: ReleaseLight; reason?: never } | { light: null; reason: string };

/**
 * The snapshot at `path` when it matches `key` and the current code, else null with the reason (absent, stale,
 * corrupt …) so the caller can say why it reads the store instead.
 */
export async function readLightSnapshot(path: string, key: SnapshotKey): Promise<SnapshotRead> {
  const read = await readSectionFile<Fields>(path, MAGIC);
  if (!read.file)
    return { light: null, reason: read.reason === `not a ${MAGIC}` ? 'not a light snapshot' : read.reason };
  const { header } = read.file;
  const reason = staleReason(header, { format: FORMAT, code: await fingerprintCode(), ...key });
  if (reason) return { light: null, reason };
  return { light: decode(read.file) };
}

function decode(file: SectionFile<Fields>): ReleaseLight {
  const { header } = file;
  const typed = file.typed.bind(file);
  const text = file.text.bind(file);
  const count = header.count;
  const ids = JSON.parse(text('ids')) as string[];
  const years = typed('years', 'i32');
  const wardCodes = typed('wards', 'u16');
  const wardLabels = [null, ...header.wards];
  const captureYears: (number | null)[] = new Array(count);
  const wards: (string | null)[] = new Array(count);
  for (let row = 0; row < count; row++) {
    const year = years[row] as number;
    captureYears[row] = year === NO_YEAR ? null : year;
    wards[row] = wardLabels[wardCodes[row] as number] ?? null;
  }
  const scenes: SceneLight = {
    count,
    ids,
    lats: typed('lats', 'f64'),
    lons: typed('lons', 'f64'),
    captureYears,
    quarantined: typed('quarantined', 'u8'),
    wards,
    generationIds: header.generationIds,
    statusByGeneration: header.generationIds.map((_, g) => typed(`status${g}`, 'u8')),
  };
  if (ids.length !== count) throw new Error(`light snapshot: ${ids.length} ids for ${count} scenes`);
  const { tables, shared } = JSON.parse(text('tables')) as { tables: Record<string, Row[]>; shared: SharedStrings };
  restoreStrings(tables, shared, ids);
  return { scenes, ...(tables as unknown as Tables) };
}
