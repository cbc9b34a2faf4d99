// A compact binary copy of a release's light columns in DATA_DIR, so that a start reads one file instead of asking
// the store for millions of rows (at 1 M scenes: ~1 s from the file against ~5 s from PostgreSQL and far more from
// PGlite). It is only a cache, written by `npm run ingest` and by a start that had to read the store: keyed by
// release id and ingest time, and by a fingerprint of the code that reads and encodes the light columns,
// checksummed, and ignored (then rewritten) when any of that differs. The store stays the source of truth.
//
// Layout: "MCHLIGHT" (8 bytes), u32 header length (LE), header JSON, then sections each aligned to 8 bytes at offsets
// (relative to the body start) listed in the header; `crc32` covers the whole body.
import { join } from 'node:path';
import type { SceneLight } from '../store/index.ts';
import {
  fingerprintFiles,
  readSectionFile,
  type SectionFile,
  type SectionValue,
  staleReason,
  writeSectionFile,
} from './section-file.ts';
import type { ReleaseLight } from './served-release.ts';

const MAGIC = 'MCHLIGHT';
const FORMAT = 1;
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
    ['ids', scenes.ids.join('\n')],
  ];
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
    ['tables', JSON.stringify(tables)],
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
  const ids = count === 0 ? [] : text('ids').split('\n');
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
  return { scenes, ...(JSON.parse(text('tables')) as Omit<ReleaseLight, 'scenes'>) };
}
