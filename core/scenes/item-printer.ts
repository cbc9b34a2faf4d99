import {
  ANALYSIS_STATUS,
  BEARING,
  GENERATION_BYTES,
  ID_SLOT,
  LAT,
  LON,
  MODEL,
  NO_SUMMARY,
  NO_YEAR,
  PANORAMA,
  PLAIN,
  POSITION_SOURCE,
  PROMPT_VERSION,
  SCENE_BYTES,
  STATUS,
  SUMMARY_LENGTH,
  SUMMARY_START,
  VIEW_CLASS,
  WARD,
  YEAR,
} from '../data/card-records.ts';
import { type ByteWriter, maxNumberLength, writeNumberAt } from '../json/byte-writer.ts';
import { ChunkTableBuilder, longestChunk } from '../json/chunk-table.ts';
import { verbalizationStatusCodes } from '../store/index.ts';
import type { ColumnsContext } from './columns.ts';
import { imagePageOf } from './items.ts';

// Nearby result items printed as UTF-8 JSON straight from the card records in memory: the bytes of
// JSON.stringify(itemFromColumns(…) with its distance), without making that text. Summaries are copied as the UTF-8
// they are kept in (re-encoding a page's Japanese from UTF-16 cost ~140 µs at 1 M scenes), numbers are written digit
// by digit, and everything else is printed once in advance, each label together with the keys around it, into one
// chunk table (json/chunk-table.ts). An item is written in one pass into memory reserved for it, with no call per
// piece, reading one record (data/card-records.ts), the id's digits and the summary. Compared with JSON.stringify on every
// scene × generation of the demo release (test/integration/store/scene-cards.test.ts) and on arbitrary records
// (test/unit/place-lookup/scenes-bytes.test.ts, the JSON.stringify twin).

const json = (value: unknown) => JSON.stringify(value) ?? 'null';
// Whether JSON prints the text as itself between quotes.
const printsAsItself = (text: string) => json(text).length === text.length + 2;

/** The chunk of each label as JSON, between the texts given. */
function chunksOf(table: ChunkTableBuilder, labels: (string | null)[], before: string, after: string): Int32Array {
  return Int32Array.from(labels, (label) => table.add(`${before}${json(label)}${after}`));
}

// The image page link around its ids, `"<before id>` … `<after id>"}`, when the template prints as itself; else the
// whole link is printed per item.
function imagePageParts(template: string): string[] | null {
  const parts = template.split('{id}');
  if (!parts.every(printsAsItself)) return null;
  return parts.map((part, index) => `${index === 0 ? '"' : ''}${part}${index === parts.length - 1 ? '"}' : ''}`);
}

export type PrintItem = (writer: ByteWriter, row: number, generation: number, distanceM: number) => boolean;

// Ids are 15-20 digits (release schema sceneId, checked at ingest).
const maxIdLength = 20;

/**
 * Labels that follow one another in an item are also printed together, as one chunk per combination, when their
 * combinations are at most this many: one copy instead of two or three per item (each copy is a call or a loop).
 */
export const MAX_MERGED_CHUNKS = 4096;

/**
 * The item printer of a release's card records; it prints nothing and returns false where itemFromColumns gives null.
 * `maxMergedChunks` bounds the merged chunks (tests set 0 to print every label apart).
 */
export function makeItemPrinter(context: ColumnsContext, maxMergedChunks = MAX_MERGED_CHUNKS): PrintItem {
  const { cards, versions } = context;
  const { labels } = cards;
  const { light } = context.layer;
  const table = new ChunkTableBuilder();
  const open = table.add('{"id":"');
  const distanceKey = table.add('","distance_m":');
  const latKey = table.add(',"lat":');
  const lonKey = table.add(',"lon":');
  const yearKey = table.add(',"year":');
  const positionSources = chunksOf(table, labels.positionSource, ',"position_source":', ',"capture_year":');
  const wards = chunksOf(table, labels.ward, ',"ward":', ',"view_class":');
  const viewClasses = chunksOf(table, labels.viewClass, '', ',"travel_bearing":');
  const viewCount = labels.viewClass.length;
  // Ward and view class together, by ward code × viewCount + view class code.
  const wardViews =
    labels.ward.length * viewCount <= maxMergedChunks
      ? Int32Array.from({ length: labels.ward.length * viewCount }, (_, key) =>
          table.add(
            `,"ward":${json(labels.ward[Math.floor(key / viewCount)])},"view_class":${json(labels.viewClass[key % viewCount])},"travel_bearing":`,
          ),
        )
      : null;
  // Position source and capture year (printed twice) together, by position source code × (year span + 1) + year slot
  // (the last slot: unknown), over the years the records hold.
  let minYear = Number.POSITIVE_INFINITY;
  let maxYear = Number.NEGATIVE_INFINITY;
  for (let row = 0; row < cards.count; row++) {
    const code = cards.u16[(row * cards.stride + YEAR) >> 1] as number;
    if (code === NO_YEAR) continue;
    if (code < minYear) minYear = code;
    if (code > maxYear) maxYear = code;
  }
  const yearSlots = maxYear >= minYear ? maxYear - minYear + 2 : 1;
  const sourceYears =
    labels.positionSource.length * yearSlots <= maxMergedChunks
      ? Int32Array.from({ length: labels.positionSource.length * yearSlots }, (_, key) => {
          const slot = key % yearSlots;
          const year = slot === yearSlots - 1 ? 'null' : String(minYear + slot);
          return table.add(
            `,"position_source":${json(labels.positionSource[Math.floor(key / yearSlots)])},"capture_year":${year},"year":${year}`,
          );
        })
      : null;
  const pageParts = imagePageParts(context.imagePageTemplate);
  // The first part of the link goes with the analysis status before it; the others follow each id.
  const afterIds = pageParts ? Int32Array.from(pageParts.slice(1), (part) => table.add(part)) : null;
  const names = new Map(Object.entries(verbalizationStatusCodes).map(([name, code]) => [code as number, name]));
  // Status codes as slots: one per named code, slot 0 for every code without a name.
  const statusNames = [undefined, ...names.values()];
  const statusSlots = Uint8Array.from({ length: 256 }, (_, code) => statusNames.indexOf(names.get(code)));
  const byGeneration = light.generationIds.slice(0, cards.generations).map((id, g) => {
    const version = versions.get(id) ?? 1;
    // `,"is_pano":…,"generation":{…},` by panorama code and status name; a status code without a name prints as
    // JSON.stringify prints an undefined field: not at all.
    const reference = (pano: number, status: string | undefined) =>
      `,"is_pano":${[null, false, true][pano]},"generation":${json({ id, status, version })},"model":`;
    const references = Int32Array.from({ length: 3 * 256 }, (_, key) =>
      table.add(reference(key >> 8, names.get(key & 255))),
    );
    const models = labels.model[g] as (string | null)[];
    const promptVersions = labels.promptVersion[g] as (string | null)[];
    // The same through `"summary":`, by ((panorama code × status slots + status slot) × models + model code) ×
    // prompt versions + prompt version code.
    const mergedCount = 3 * statusNames.length * models.length * promptVersions.length;
    const merged =
      mergedCount <= maxMergedChunks
        ? Int32Array.from({ length: mergedCount }, (_, key) => {
            const prompt = key % promptVersions.length;
            const model = Math.floor(key / promptVersions.length) % models.length;
            const slot = Math.floor(key / (promptVersions.length * models.length)) % statusNames.length;
            const pano = Math.floor(key / (promptVersions.length * models.length * statusNames.length));
            return table.add(
              `${reference(pano, statusNames[slot])}${json(models[model])},"prompt_version":${json(promptVersions[prompt])},"summary":`,
            );
          })
        : null;
    return {
      references,
      merged,
      modelCount: models.length,
      promptCount: promptVersions.length,
      models: chunksOf(table, models, '', ',"prompt_version":'),
      promptVersions: chunksOf(table, promptVersions, '', ',"summary":'),
      analysisStatuses: chunksOf(
        table,
        labels.analysisStatus[g] as (string | null)[],
        ',"analysis_status":',
        `,"image_page":${pageParts?.[0] ?? ''}`,
      ),
      summaries: cards.summaries[g] as Buffer,
      // Read once: a Buffer's .buffer is a call into the runtime each time (measured on a profile of the server).
      summaryMemory: (cards.summaries[g] as Buffer).buffer,
      summaryOffset: (cards.summaries[g] as Buffer).byteOffset,
    };
  });
  const chunks = table.build();
  // Room for an item besides its summary: ids, numbers and at most `chunksPerItem` chunks of the longest length.
  const chunksPerItem = 12 + (afterIds?.length ?? 0);
  const itemBytes =
    chunksPerItem * longestChunk(chunks) + (2 + (afterIds?.length ?? 0)) * maxIdLength + 8 * maxNumberLength;
  const { bytes: chunkBytes, starts: chunkStarts, ends: chunkEnds } = chunks;
  // A short chunk is copied by a loop; a longer one by TypedArray#set from a view made once (measured: a loop costs
  // ~1.5 ns a byte, set ~30 ns a call).
  const views = Array.from(chunkStarts, (start, chunk) => chunkBytes.subarray(start, chunkEnds[chunk]));
  const copy = (out: Uint8Array, start: number, chunk: number) => {
    let from = chunkStarts[chunk] as number;
    const end = chunkEnds[chunk] as number;
    if (end - from > 24) {
      out.set(views[chunk] as Uint8Array, start);
      return start + end - from;
    }
    let at = start;
    while (from < end) out[at++] = chunkBytes[from++] as number;
    return at;
  };

  const { bytes: record, f64, u32, u16, stride, idDigits } = cards;

  return (writer, row, g, distanceM) => {
    const generation = byGeneration[g];
    if (!generation) return false;
    const base = row * stride;
    const at0 = base + SCENE_BYTES + GENERATION_BYTES * g;
    const start = u32[(at0 + SUMMARY_START) >> 2] as number;
    if (start === NO_SUMMARY) return false;
    const length = u32[(at0 + SUMMARY_LENGTH) >> 2] as number;
    const plain = record[at0 + PLAIN] === 1;
    const idStart = row * ID_SLOT + 1;
    const idEnd = idStart + (idDigits[idStart - 1] as number);
    let out = writer.reserve(itemBytes + (plain ? length + 2 : 0));
    let at = copy(out, writer.length, open);
    for (let i = idStart; i < idEnd; i++) out[at++] = idDigits[i] as number;
    at = copy(out, at, distanceKey);
    at = writeNumberAt(out, at, distanceM);
    at = copy(out, at, latKey);
    at = writeNumberAt(out, at, f64[(base + LAT) >> 3] as number);
    at = copy(out, at, lonKey);
    at = writeNumberAt(out, at, f64[(base + LON) >> 3] as number);
    const yearCode = u16[(base + YEAR) >> 1] as number;
    if (sourceYears) {
      const slot = yearCode === NO_YEAR ? yearSlots - 1 : yearCode - minYear;
      at = copy(out, at, sourceYears[(u16[(base + POSITION_SOURCE) >> 1] as number) * yearSlots + slot] as number);
    } else {
      at = copy(out, at, positionSources[u16[(base + POSITION_SOURCE) >> 1] as number] as number);
      const year = yearCode === NO_YEAR ? Number.NaN : yearCode; // NaN prints as null
      const yearStart = at;
      at = writeNumberAt(out, at, year);
      const yearEnd = at;
      at = copy(out, at, yearKey);
      for (let from = yearStart; from < yearEnd; from++) out[at++] = out[from] as number; // the same year again
    }
    const ward = u16[(base + WARD) >> 1] as number;
    const viewClass = u16[(base + VIEW_CLASS) >> 1] as number;
    if (wardViews) at = copy(out, at, wardViews[ward * viewCount + viewClass] as number);
    else {
      at = copy(out, at, wards[ward] as number);
      at = copy(out, at, viewClasses[viewClass] as number);
    }
    at = writeNumberAt(out, at, f64[(base + BEARING) >> 3] as number);
    const panorama = record[at0 + PANORAMA] as number;
    const status = record[at0 + STATUS] as number;
    const model = u16[(at0 + MODEL) >> 1] as number;
    const promptVersion = u16[(at0 + PROMPT_VERSION) >> 1] as number;
    const { merged } = generation;
    if (merged) {
      const slot = panorama * statusNames.length + (statusSlots[status] as number);
      const key = (slot * generation.modelCount + model) * generation.promptCount + promptVersion;
      at = copy(out, at, merged[key] as number);
    } else {
      at = copy(out, at, generation.references[panorama * 256 + status] as number);
      at = copy(out, at, generation.models[model] as number);
      at = copy(out, at, generation.promptVersions[promptVersion] as number);
    }
    if (plain) {
      out[at++] = 34; // "
      out.set(new Uint8Array(generation.summaryMemory, generation.summaryOffset + start, length), at);
      at += length;
      out[at++] = 34;
    } else {
      writer.advance(at);
      writer.jsonString(generation.summaries.toString('utf8', start, start + length));
      out = writer.reserve(itemBytes);
      at = writer.length;
    }
    at = copy(out, at, generation.analysisStatuses[record[at0 + ANALYSIS_STATUS] as number] as number);
    if (afterIds) {
      // encodeURIComponent would leave the ids' digits as they are.
      for (let part = 0; part < afterIds.length; part++) {
        for (let i = idStart; i < idEnd; i++) out[at++] = idDigits[i] as number;
        at = copy(out, at, afterIds[part] as number);
      }
      writer.advance(at);
    } else {
      writer.advance(at);
      writer.jsonString(imagePageOf(context.imagePageTemplate, light.ids[row] as string));
      writer.ascii('}');
    }
    return true;
  };
}
