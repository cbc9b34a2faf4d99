/**
 * Saves the search corpus index (columns, category postings, gram store) to one binary file and loads it back with
 * zero-copy typed-array views, so a large release is indexed once at ingest and a start only reads a file.
 * Observations and texts are not saved: a loaded corpus judges through `loadObservations` and answers text lookups
 * as bigram supersets.
 *
 * Layout: "MCHSRCH1", u32 header length, header JSON, then sections each aligned to 8 bytes (offsets in the header).
 * The header names the release the index was built from and a hash of the scenery categories (their evidence decides
 * the postings), so a file built for another release or catalogue is refused rather than served.
 * `crc32` covers everything after the header: a file damaged on disk is refused like a stale one, and rebuilt (a file
 * without it, from before it was written, is read unchecked).
 * Format 5 stores the grams packed (gram-store.ts), each tag's source (tag-source.ts) and what other released
 * observations state (stated-elsewhere.ts); a format 3 or 4 file, without them, is refused and rebuilt; a format 2 file (32-bit lists and bitmaps) is still read, its
 * grams repacked in memory (`legacyFormat` tells the caller to save it again), and any other format is refused.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import type { CategoryCatalog } from './categories.ts';
import type { Corpus } from './corpus.ts';
import { bitmapInto, type GramStore, packGrams } from './gram-store.ts';
import { TAGGING_RULES } from './observation-tagger.ts';
import { SceneIds, startsOf } from './scene-ids.ts';
import { TextIndex } from './text-index.ts';

const MAGIC = 'MCHSRCH1';
const FORMAT = 5;
/** Plain 32-bit lists and bitmaps at density > 1/32: read and repacked. */
const LEGACY_FORMAT = 2;

type ArrayKind = 'u8' | 'i16' | 'u32' | 'i32' | 'f64';
const CONSTRUCTORS = { u8: Uint8Array, i16: Int16Array, u32: Uint32Array, i32: Int32Array, f64: Float64Array } as const;

interface Section {
  name: string;
  kind: ArrayKind;
  offset: number;
  length: number;
}

/** Whom the file belongs to: checked on load. */
export interface CorpusFileIdentity {
  releaseId: string;
}

/** The file exists but was built for something else (another release, catalogue or format): rebuild it. */
export class StaleCorpusFileError extends Error {
  override name = 'StaleCorpusFileError';
}

interface Header {
  format: number;
  releaseId: string;
  catalogHash: string;
  size: number;
  wards: string[];
  categories: string[];
  docCount: number;
  buildMs: number;
  sections: Section[];
  crc32?: number;
}

/**
 * Changes whenever anything that shapes the postings changes: a category's id, order, wording, evidence or fields,
 * or the tagger's rules (TAGGING_RULES).
 */
export function catalogHashOf(catalog: CategoryCatalog): string {
  const shape = catalog.categories.map((c) => [c.id, c.label, c.synonyms, c.evidence, c.fields]);
  return createHash('sha256')
    .update(JSON.stringify([TAGGING_RULES, shape]))
    .digest('hex');
}

type Typed = Uint8Array | Int16Array | Uint32Array | Int32Array | Float64Array;

function concatenated(lists: Uint32Array[]): { offsets: Float64Array; data: Uint32Array } {
  const offsets = new Float64Array(lists.length + 1);
  let total = 0;
  lists.forEach((l, i) => {
    offsets[i] = total;
    total += l.length;
  });
  offsets[lists.length] = total;
  const data = new Uint32Array(total);
  lists.forEach((l, i) => {
    data.set(l, offsets[i] as number);
  });
  return { offsets, data };
}

/** Writes the index next to its final name, then renames it: a reader never sees half a file. */
export async function saveCorpus(
  corpus: Corpus,
  catalog: CategoryCatalog,
  path: string,
  identity: CorpusFileIdentity,
): Promise<number> {
  const categories = concatenated(corpus.categoryDocs);
  const elsewhere = concatenated(corpus.elsewhereDocs);
  const store = corpus.text.store;
  const arrays: [string, ArrayKind, Typed][] = [
    ['ids', 'u8', corpus.ids.bytes],
    ['idOrder', 'u32', corpus.ids.order],
    ['lat', 'f64', corpus.lat],
    ['lon', 'f64', corpus.lon],
    ['ward', 'i16', corpus.ward],
    ['year', 'i16', corpus.year],
    ['tagStart', 'u32', corpus.tagStart],
    ['tagIds', 'u8', corpus.tagIds],
    ['tagSources', 'u8', corpus.tagSources],
    ['categoryOffsets', 'f64', categories.offsets],
    ['categoryData', 'u32', categories.data],
    ['elsewhereOffsets', 'f64', elsewhere.offsets],
    ['elsewhereData', 'u32', elsewhere.data],
    ['gramKeys', 'i32', store.keys],
    ['gramDf', 'u32', store.df],
    ['gramKinds', 'u8', store.kinds],
    ['gramOffsets', 'f64', store.offsets],
    ['gramData', 'u8', store.data],
    ['gramFirstBlock', 'u32', store.firstBlock],
    ['gramHeads', 'u32', store.heads],
    ['gramStarts', 'u32', store.starts],
  ];
  const sections: Section[] = [];
  let offset = 0;
  for (const [name, kind, array] of arrays) {
    sections.push({ name, kind, offset, length: array.length });
    offset += Math.ceil(array.byteLength / 8) * 8;
  }
  const header: Header = {
    format: FORMAT,
    releaseId: identity.releaseId,
    catalogHash: catalogHashOf(catalog),
    size: corpus.size,
    wards: corpus.wards,
    categories: catalog.categories.map((c) => c.id),
    docCount: store.docCount,
    buildMs: corpus.buildMs,
    sections,
    crc32: arrays.reduce((sum, [, , array]) => {
      const padded = Math.ceil(array.byteLength / 8) * 8;
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      // The padding between sections is zeros in the file; the checksum covers it too.
      const withPadding = crc32(bytes, sum);
      return padded === array.byteLength ? withPadding : crc32(new Uint8Array(padded - array.byteLength), withPadding);
    }, 0),
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const start = Math.ceil((MAGIC.length + 4 + headerBytes.length) / 8) * 8;
  const file = new Uint8Array(start + offset);
  file.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(file.buffer).setUint32(MAGIC.length, headerBytes.length, true);
  file.set(headerBytes, MAGIC.length + 4);
  arrays.forEach(([, , array], i) => {
    file.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), start + (sections[i] as Section).offset);
  });
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  try {
    await writeFile(partial, file);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return file.byteLength;
}

/** Loads an index saved by saveCorpus; StaleCorpusFileError when it belongs to another release or catalogue. */
export async function loadCorpus(
  path: string,
  catalog: CategoryCatalog,
  identity: CorpusFileIdentity,
): Promise<Corpus> {
  const started = performance.now();
  const raw = await readFile(path);
  // Typed views need aligned memory; a pooled Buffer may start anywhere.
  const bytes = raw.byteOffset % 8 === 0 ? raw : new Uint8Array(raw);
  if (new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC)
    throw new StaleCorpusFileError(`${path} is not a search index`);
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(MAGIC.length, true);
  const header = JSON.parse(
    new TextDecoder().decode(bytes.subarray(MAGIC.length + 4, MAGIC.length + 4 + headerLength)),
  ) as Header;
  if (header.format !== FORMAT && header.format !== LEGACY_FORMAT) {
    throw new StaleCorpusFileError(`${path} has index format ${header.format}, expected ${FORMAT}`);
  }
  if (header.releaseId !== identity.releaseId) {
    throw new StaleCorpusFileError(`${path} was built for release ${header.releaseId}, not ${identity.releaseId}`);
  }
  const ids = catalog.categories.map((c) => c.id);
  if (JSON.stringify(ids) !== JSON.stringify(header.categories) || header.catalogHash !== catalogHashOf(catalog)) {
    throw new StaleCorpusFileError(`${path} was built with other scenery categories; rebuild it`);
  }
  const start = Math.ceil((MAGIC.length + 4 + headerLength) / 8) * 8;
  if (header.crc32 !== undefined && crc32(bytes.subarray(start)) !== header.crc32) {
    throw new StaleCorpusFileError(`${path} is damaged (its checksum does not match); rebuild it`);
  }
  const view = <K extends ArrayKind>(name: string, kind: K, kept = true): InstanceType<(typeof CONSTRUCTORS)[K]> => {
    const s = header.sections.find((x) => x.name === name);
    if (!s || s.kind !== kind) throw new StaleCorpusFileError(`${path} lacks section ${name}; rebuild it`);
    const Ctor = CONSTRUCTORS[kind];
    const array = new Ctor(bytes.buffer, bytes.byteOffset + start + s.offset, s.length);
    // A repacked legacy file is not kept: its columns are copied out so its buffer can be freed.
    return (header.format === LEGACY_FORMAT && kept ? array.slice() : array) as InstanceType<(typeof CONSTRUCTORS)[K]>;
  };
  const sceneIds =
    header.format === FORMAT
      ? new SceneIds(view('ids', 'u8'), startsOf(view('ids', 'u8'), header.size), view('idOrder', 'u32'))
      : legacySceneIds(view('ids', 'u8', false), header.size);
  const categoryOffsets = view('categoryOffsets', 'f64');
  const categoryData = view('categoryData', 'u32');
  const elsewhereOffsets = view('elsewhereOffsets', 'f64');
  const elsewhereData = view('elsewhereData', 'u32');
  const store: GramStore =
    header.format === FORMAT
      ? {
          docCount: header.docCount,
          keys: view('gramKeys', 'i32'),
          df: view('gramDf', 'u32'),
          kinds: view('gramKinds', 'u8'),
          offsets: view('gramOffsets', 'f64'),
          data: view('gramData', 'u8'),
          firstBlock: view('gramFirstBlock', 'u32'),
          heads: view('gramHeads', 'u32'),
          starts: view('gramStarts', 'u32'),
        }
      : repackLegacyGrams(header.docCount, view('gramKeys', 'i32'), view('gramKinds', 'u8', false), {
          offsets: view('gramOffsets', 'f64', false),
          data: view('gramData', 'u32', false),
        });
  return {
    size: header.size,
    ids: sceneIds,
    lat: view('lat', 'f64'),
    lon: view('lon', 'f64'),
    ward: view('ward', 'i16'),
    wards: header.wards,
    year: view('year', 'i16'),
    text: new TextIndex(store),
    categoryIndex: new Map(ids.map((id, i) => [id, i])),
    categoryDocs: ids.map((_, i) =>
      categoryData.subarray(categoryOffsets[i] as number, categoryOffsets[i + 1] as number),
    ),
    elsewhereDocs: ids.map((_, i) =>
      elsewhereData.subarray(elsewhereOffsets[i] as number, elsewhereOffsets[i + 1] as number),
    ),
    tagStart: view('tagStart', 'u32'),
    tagIds: view('tagIds', 'u8'),
    tagSources: view('tagSources', 'u8'),
    observations: null,
    docById: sceneIds,
    buildMs: performance.now() - started,
    ...(header.format === LEGACY_FORMAT ? { legacyFormat: true } : {}),
  };
}

/** Format 2 ids: joined by '\n' without a last one, and no order saved. */
function legacySceneIds(joined: Uint8Array, size: number): SceneIds {
  const bytes = new Uint8Array(size === 0 ? 0 : joined.length + 1);
  bytes.set(joined);
  if (size > 0) bytes[joined.length] = 10;
  return SceneIds.fromBytes(bytes, size);
}

/** Format 2 grams (per gram a 32-bit list, or a bitmap when kinds is 1; offsets in words) packed as format 3. */
function repackLegacyGrams(
  docCount: number,
  keys: Int32Array,
  kinds: Uint8Array,
  legacy: { offsets: Float64Array; data: Uint32Array },
): GramStore {
  // packGrams reads each list before asking for the next, so one buffer serves every bitmap.
  const scratch = new Uint32Array(docCount);
  const listOf = (id: number) => {
    const words = legacy.data.subarray(legacy.offsets[id] as number, legacy.offsets[id + 1] as number);
    return kinds[id] === 1 ? scratch.subarray(0, bitmapInto(words, scratch)) : words;
  };
  return packGrams(keys, listOf, docCount);
}
