// The container of the caches kept in DATA_DIR beside a store (light-snapshot.ts, cards-snapshot.ts): named sections
// of typed arrays, UTF-8 text or bytes, each aligned to 8 bytes, behind a JSON header; a CRC-32 covers the body.
// Written atomically (a temporary file renamed into place), so a reader never sees half of one.
//
// Layout: an 8-byte magic, u32 header length (LE), header JSON, then the sections at offsets (relative to the body
// start) listed in the header.
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { crc32InPieces, readFileInPieces } from './chunked-read.ts';

export type ArrayKind = 'u8' | 'i8' | 'u16' | 'u32' | 'i32' | 'f64';
const CONSTRUCTORS = {
  u8: Uint8Array,
  i8: Int8Array,
  u16: Uint16Array,
  u32: Uint32Array,
  i32: Int32Array,
  f64: Float64Array,
} as const;
type TypedOf<K extends ArrayKind> = InstanceType<(typeof CONSTRUCTORS)[K]>;
export type Typed =
  | Uint8Array<ArrayBufferLike>
  | Int8Array<ArrayBufferLike>
  | Uint16Array<ArrayBufferLike>
  | Uint32Array<ArrayBufferLike>
  | Int32Array<ArrayBufferLike>
  | Float64Array<ArrayBufferLike>;

interface Section {
  name: string;
  kind: ArrayKind | 'utf8';
  offset: number;
  bytes: number;
}

/** What every container header holds besides the caller's own fields. */
interface ContainerHeader {
  sections: Section[];
  crc32: number;
}

/** A section's content: a typed array, or text (stored as UTF-8). A Uint8Array is stored as `u8`. */
export type SectionValue = Typed | string;

function kindOf(value: Typed): ArrayKind {
  for (const [kind, Constructor] of Object.entries(CONSTRUCTORS)) {
    if (value instanceof Constructor) return kind as ArrayKind;
  }
  throw new Error('section-file: unsupported typed array');
}

/** What a cache file must match to be used: its format, the code that wrote it, the release as the store recorded it. */
export interface CacheStamp {
  format: number;
  code: string;
  release_id: string;
  ingested_at: string;
}

/** Why a cache file's stamp is not the expected one (absent, the file can be used). */
export function staleReason(found: CacheStamp, expected: CacheStamp): string | undefined {
  if (found.format !== expected.format) return `format ${found.format}, expected ${expected.format}`;
  if (found.code !== expected.code) return 'written by other code';
  if (found.release_id !== expected.release_id || found.ingested_at !== expected.ingested_at) {
    return `stale (release ${found.release_id} ingested at ${found.ingested_at})`;
  }
  return undefined;
}

/** A short hash of source files (URLs relative to the caller), so a file written by other code is not trusted. */
export async function fingerprintFiles(files: readonly URL[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) hash.update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

export async function writeSectionFile(
  path: string,
  magic: string,
  fields: Record<string, unknown>,
  values: readonly (readonly [string, SectionValue])[],
): Promise<void> {
  const parts: Uint8Array[] = [];
  const sections: Section[] = [];
  let offset = 0;
  for (const [name, value] of values) {
    const bytes =
      typeof value === 'string'
        ? Buffer.from(value, 'utf8')
        : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    sections.push({ name, kind: typeof value === 'string' ? 'utf8' : kindOf(value), offset, bytes: bytes.byteLength });
    parts.push(bytes);
    const padding = (8 - (bytes.byteLength % 8)) % 8;
    if (padding) parts.push(new Uint8Array(padding));
    offset += bytes.byteLength + padding;
  }
  // The parts are checksummed and written one by one: no copy of the whole body (~0.3 GB for cards at 1 M scenes).
  let checksum = 0;
  for (const part of parts) checksum = crc32(part, checksum);
  const header: ContainerHeader = { ...fields, sections, crc32: checksum };
  // Padded with spaces (still JSON) so that the body starts 8-byte aligned in the file: a reader can then view the
  // sections in place (`view`) instead of copying them.
  const headerJson = Buffer.from(JSON.stringify(header), 'utf8');
  const headerBytes = Buffer.alloc(headerJson.byteLength + ((8 - ((12 + headerJson.byteLength) % 8)) % 8), 0x20);
  headerJson.copy(headerBytes);
  const prefix = Buffer.alloc(12);
  prefix.write(magic, 0, 'latin1');
  prefix.writeUInt32LE(headerBytes.byteLength, 8);
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const handle = await open(temporary, 'w');
    try {
      // writev takes at most IOV_MAX (1024) buffers at once.
      const all = [prefix, headerBytes, ...parts];
      for (let start = 0; start < all.length; start += 512) {
        const batch = all.slice(start, start + 512);
        const { bytesWritten } = await handle.writev(batch);
        const expected = batch.reduce((sum, part) => sum + part.byteLength, 0);
        if (bytesWritten !== expected) throw new Error(`short write to ${temporary} (${bytesWritten} of ${expected})`);
      }
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** An opened container: its header fields and its sections, copied out so the file's buffer can be freed. */
export class SectionFile<Fields> {
  readonly header: Fields & ContainerHeader;
  readonly #body: Buffer;
  readonly #sections: Map<string, Section>;

  constructor(header: Fields & ContainerHeader, body: Buffer) {
    this.header = header;
    this.#body = body;
    this.#sections = new Map(header.sections.map((section) => [section.name, section]));
  }

  #section(name: string): Section {
    const found = this.#sections.get(name);
    if (!found) throw new Error(`section ${name} is missing`);
    return found;
  }

  typed<K extends ArrayKind>(name: string, kind: K): TypedOf<K> {
    const { offset, bytes } = this.#section(name);
    const start = this.#body.byteOffset + offset;
    return new CONSTRUCTORS[kind]((this.#body.buffer as ArrayBuffer).slice(start, start + bytes)) as TypedOf<K>;
  }

  /**
   * The section in place, without a copy: it keeps the whole file in memory, so only for a reader that keeps every
   * section. A file whose body is not 8-byte aligned (or a section not aligned to its element size) gets a copy.
   */
  view<K extends ArrayKind>(name: string, kind: K): TypedOf<K> {
    const { offset, bytes } = this.#section(name);
    const Constructor = CONSTRUCTORS[kind];
    const start = this.#body.byteOffset + offset;
    if (start % Constructor.BYTES_PER_ELEMENT !== 0) return this.typed(name, kind);
    return new Constructor(
      this.#body.buffer as ArrayBuffer,
      start,
      bytes / Constructor.BYTES_PER_ELEMENT,
    ) as TypedOf<K>;
  }

  text(name: string): string {
    const { offset, bytes } = this.#section(name);
    return this.#body.toString('utf8', offset, offset + bytes);
  }
}

export type SectionFileRead<Fields> = { file: SectionFile<Fields>; reason?: never } | { file: null; reason: string };

/**
 * The container at `path` when it is whole (magic, header, checksum), else null with the reason. Read and checked in
 * pieces (chunked-read.ts): a server may already listen while a cache is read.
 */
export async function readSectionFile<Fields>(path: string, magic: string): Promise<SectionFileRead<Fields>> {
  let file: Buffer;
  try {
    file = await readFileInPieces(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { file: null, reason: code === 'ENOENT' ? 'absent' : `unreadable (${code ?? String(error)})` };
  }
  if (file.byteLength < 12 || file.toString('latin1', 0, 8) !== magic) return { file: null, reason: `not a ${magic}` };
  const headerLength = file.readUInt32LE(8);
  if (12 + headerLength > file.byteLength) return { file: null, reason: 'truncated' };
  let header: Fields & ContainerHeader;
  try {
    header = JSON.parse(file.toString('utf8', 12, 12 + headerLength)) as Fields & ContainerHeader;
  } catch {
    return { file: null, reason: 'unreadable header' };
  }
  const body = file.subarray(12 + headerLength);
  const lastSection = header.sections?.at(-1);
  const fits = !lastSection || lastSection.offset + lastSection.bytes <= body.byteLength;
  if (!Array.isArray(header.sections) || !fits || (await crc32InPieces(body)) !== header.crc32) {
    return { file: null, reason: 'checksum mismatch' };
  }
  return { file: new SectionFile(header, body) };
}
