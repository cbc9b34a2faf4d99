// A compact binary copy of a release's light columns in DATA_DIR, so that a start reads one file instead of asking
// the store for millions of rows (at 1 M scenes: ~1 s from the file against ~5 s from PostgreSQL and far more from
// PGlite). It is only a cache, written by `npm run ingest` and by a start that had to read the store: keyed by
// release id and ingest time, and by a fingerprint of the code that reads and encodes the light columns,
// checksummed, and ignored (then rewritten) when any of that differs. The store stays the source of truth.
//
// Layout: "MCHLIGHT" (8 bytes), u32 header length (LE), header JSON, then sections each aligned to 8 bytes at offsets
// (relative to the body start) listed in the header; `crc32` covers the whole body.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { SceneLight } from '../store/index.ts';
import type { ReleaseLight } from './served-release.ts';

const MAGIC = 'MCHLIGHT';
const FORMAT = 1;
const NO_YEAR = -2147483648;

/** What a snapshot must match to be used: the release as the store recorded it. */
export interface SnapshotKey {
  release_id: string;
  ingested_at: string;
}

type ArrayKind = 'u8' | 'u16' | 'i32' | 'f64';
const CONSTRUCTORS = { u8: Uint8Array, u16: Uint16Array, i32: Int32Array, f64: Float64Array } as const;
type Typed = Uint8Array | Uint16Array | Int32Array | Float64Array;

interface Section {
  name: string;
  kind: ArrayKind | 'utf8';
  offset: number;
  bytes: number;
}

interface Header extends SnapshotKey {
  format: number;
  code: string;
  count: number;
  generationIds: string[];
  wards: string[];
  sections: Section[];
  crc32: number;
}

// Source files whose change may change what the light columns hold: a snapshot written by other code is not trusted.
const codeFiles = [
  '../store/queries/scene-light.ts',
  '../store/queries/layers.ts',
  '../store/queries/points.ts',
  '../store/type-parsers.ts',
  './light-snapshot.ts',
];

let codeFingerprint: Promise<string> | undefined;

function fingerprintCode(): Promise<string> {
  codeFingerprint ??= (async () => {
    const hash = createHash('sha256');
    for (const file of codeFiles) hash.update(await readFile(new URL(file, import.meta.url)));
    return hash.digest('hex').slice(0, 16);
  })();
  return codeFingerprint;
}

export function snapshotPath(dataDir: string, releaseId: string): string {
  return join(dataDir, 'snapshots', `${releaseId}.light.bin`);
}

function sceneSections(scenes: SceneLight, wards: string[]): [string, Typed | string][] {
  const wardIndex = new Map(wards.map((ward, index) => [ward, index + 1]));
  const wardCodes = Uint16Array.from(scenes.wards, (ward) => (ward === null ? 0 : (wardIndex.get(ward) ?? 0)));
  const years = Int32Array.from(scenes.captureYears, (year) => year ?? NO_YEAR);
  return [
    ['lats', scenes.lats],
    ['lons', scenes.lons],
    ['years', years],
    ['quarantined', scenes.quarantined],
    ['wards', wardCodes],
    ...scenes.statusByGeneration.map((column, g) => [`status${g}`, column] as [string, Typed]),
    ['ids', scenes.ids.join('\n')],
  ];
}

/** Writes the snapshot atomically (a temporary file renamed into place), so a reader never sees half of one. */
export async function writeLightSnapshot(path: string, key: SnapshotKey, light: ReleaseLight): Promise<void> {
  const { scenes, ...tables } = light;
  const wards = [...new Set(scenes.wards.filter((ward): ward is string => ward !== null))];
  const parts: Uint8Array[] = [];
  const sections: Section[] = [];
  let offset = 0;
  for (const [name, value] of [...sceneSections(scenes, wards), ['tables', JSON.stringify(tables)] as const]) {
    const bytes =
      typeof value === 'string'
        ? Buffer.from(value, 'utf8')
        : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    const kind = typeof value === 'string' ? 'utf8' : kindOf(value);
    sections.push({ name, kind, offset, bytes: bytes.byteLength });
    parts.push(bytes);
    const padding = (8 - (bytes.byteLength % 8)) % 8;
    if (padding) parts.push(new Uint8Array(padding));
    offset += bytes.byteLength + padding;
  }
  const body = Buffer.concat(parts, offset);
  const header: Header = {
    format: FORMAT,
    code: await fingerprintCode(),
    ...key,
    count: scenes.count,
    generationIds: scenes.generationIds,
    wards,
    sections,
    crc32: crc32(body),
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = Buffer.alloc(12);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(headerBytes.byteLength, 8);
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, Buffer.concat([prefix, headerBytes, body]));
    await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
}

function kindOf(value: Typed): ArrayKind {
  if (value instanceof Float64Array) return 'f64';
  if (value instanceof Int32Array) return 'i32';
  if (value instanceof Uint16Array) return 'u16';
  return 'u8';
}

export type SnapshotRead = { light: ReleaseLight; reason?: never } | { light: null; reason: string };

function parseHeader(file: Buffer): { header: Header; body: Buffer } | string {
  if (file.byteLength < 12 || file.toString('latin1', 0, 8) !== MAGIC) return 'not a light snapshot';
  const headerLength = file.readUInt32LE(8);
  if (12 + headerLength > file.byteLength) return 'truncated';
  let header: Header;
  try {
    header = JSON.parse(file.toString('utf8', 12, 12 + headerLength)) as Header;
  } catch {
    return 'unreadable header';
  }
  return { header, body: file.subarray(12 + headerLength) };
}

/**
 * The snapshot at `path` when it matches `key` and the current code, else null with the reason (absent, stale,
 * corrupt …) so the caller can say why it reads the store instead.
 */
export async function readLightSnapshot(path: string, key: SnapshotKey): Promise<SnapshotRead> {
  let file: Buffer;
  try {
    file = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { light: null, reason: code === 'ENOENT' ? 'absent' : `unreadable (${code ?? String(error)})` };
  }
  const parsed = parseHeader(file);
  if (typeof parsed === 'string') return { light: null, reason: parsed };
  const { header, body } = parsed;
  if (header.format !== FORMAT) return { light: null, reason: `format ${header.format}, expected ${FORMAT}` };
  if (header.code !== (await fingerprintCode())) return { light: null, reason: 'written by other code' };
  if (header.release_id !== key.release_id || header.ingested_at !== key.ingested_at) {
    return { light: null, reason: `stale (release ${header.release_id} ingested at ${header.ingested_at})` };
  }
  const lastSection = header.sections.at(-1);
  if (!lastSection || lastSection.offset + lastSection.bytes > body.byteLength || crc32(body) !== header.crc32) {
    return { light: null, reason: 'checksum mismatch' };
  }
  return { light: decode(header, body) };
}

function decode(header: Header, body: Buffer): ReleaseLight {
  const sections = new Map(header.sections.map((section) => [section.name, section]));
  const section = (name: string) => {
    const found = sections.get(name);
    if (!found) throw new Error(`light snapshot: section ${name} is missing`);
    return found;
  };
  // Copies (slice), so the file's buffer is freed once decoded.
  const typed = <K extends ArrayKind>(name: string, kind: K): InstanceType<(typeof CONSTRUCTORS)[K]> => {
    const { offset, bytes } = section(name);
    const Constructor = CONSTRUCTORS[kind];
    const start = body.byteOffset + offset;
    return new Constructor((body.buffer as ArrayBuffer).slice(start, start + bytes)) as InstanceType<
      (typeof CONSTRUCTORS)[K]
    >;
  };
  const text = (name: string) => {
    const { offset, bytes } = section(name);
    return body.toString('utf8', offset, offset + bytes);
  };
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
