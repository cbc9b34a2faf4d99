import { type ByteWriter, maxNumberLength, writeAsciiAt, writeNumberAt } from '../json/byte-writer.ts';
import { ChunkTableBuilder, longestChunk } from '../json/chunk-table.ts';
import { type InternedColumn, verbalizationStatusCodes } from '../store/index.ts';
import type { ColumnsContext } from './scenes-columns.ts';
import { imagePageOf } from './scenes-items.ts';

// Nearby result items printed as UTF-8 JSON straight from the columns in memory: the bytes of
// JSON.stringify(itemFromColumns(…) with its distance), without making that text. Summaries are copied as the UTF-8
// they are kept in (re-encoding a page's Japanese from UTF-16 cost ~140 µs at 1 M scenes), numbers are written digit
// by digit, and everything else is printed once in advance, each label together with the keys around it, into one
// chunk table (json/chunk-table.ts). An item is written in one pass into memory reserved for it, with no call per
// piece. Compared with JSON.stringify on every scene × generation of the demo release
// (test/integration/store/scene-cards.test.ts) and on arbitrary columns (test/unit/place/scenes-bytes.test.ts).

const json = (value: unknown) => JSON.stringify(value) ?? 'null';
// Whether JSON prints the text as itself between quotes.
const printsAsItself = (text: string) => json(text).length === text.length + 2;

/** The chunk of each label of the column as JSON, between the texts given. */
function chunksOf(table: ChunkTableBuilder, column: InternedColumn, before: string, after: string): Int32Array {
  return Int32Array.from(column.labels, (label) => table.add(`${before}${json(label)}${after}`));
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

/** The item printer of a release's columns; it prints nothing and returns false where itemFromColumns gives null. */
export function makeItemPrinter(context: ColumnsContext): PrintItem {
  const { cards, versions } = context;
  const { light } = context.layer;
  const table = new ChunkTableBuilder();
  const open = table.add('{"id":"');
  const distanceKey = table.add('","distance_m":');
  const latKey = table.add(',"lat":');
  const lonKey = table.add(',"lon":');
  const yearKey = table.add(',"year":');
  const positionSources = chunksOf(table, cards.positionSource, ',"position_source":', ',"capture_year":');
  const viewClasses = chunksOf(table, cards.viewClass, '', ',"travel_bearing":');
  const pageParts = imagePageParts(context.imagePageTemplate);
  // The first part of the link goes with the analysis status before it; the others follow each id.
  const afterIds = pageParts ? Int32Array.from(pageParts.slice(1), (part) => table.add(part)) : null;
  const names = new Map(Object.entries(verbalizationStatusCodes).map(([name, code]) => [code as number, name]));
  const byGeneration = cards.byGeneration.map((columns, g) => {
    const id = light.generationIds[g] as string;
    const version = versions.get(id) ?? 1;
    // `,"is_pano":…,"generation":{…},"model":` by (panorama flag + 1) * 256 + status code; a status code without a
    // name prints as JSON.stringify prints an undefined field: not at all.
    const references = Int32Array.from({ length: 3 * 256 }, (_, key) => {
      const generation = json({ id, status: names.get(key & 255), version });
      return table.add(`,"is_pano":${[null, false, true][key >> 8]},"generation":${generation},"model":`);
    });
    return {
      columns,
      references,
      models: chunksOf(table, columns.model, '', ',"prompt_version":'),
      promptVersions: chunksOf(table, columns.promptVersion, '', ',"summary":'),
      analysisStatuses: chunksOf(
        table,
        columns.analysisStatus,
        ',"analysis_status":',
        `,"image_page":${pageParts?.[0] ?? ''}`,
      ),
      statuses: light.statusByGeneration[g] as Uint8Array,
    };
  });
  const wardChunks = new Map<string | null, number>();
  for (const ward of new Set(light.wards))
    wardChunks.set(ward ?? null, table.add(`,"ward":${json(ward ?? null)},"view_class":`));
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

  return (writer, row, g, distanceM) => {
    const generation = byGeneration[g];
    if (!generation) return false;
    const { columns } = generation;
    const { summary } = columns;
    const start = summary.starts[row] as number;
    if (start < 0) return false;
    const length = summary.lengths[row] as number;
    const plain = summary.plain[row] === 1;
    const id = light.ids[row] as string;
    let out = writer.reserve(itemBytes + (plain ? length + 2 : 0));
    let at = copy(out, writer.length, open);
    at = writeAsciiAt(out, at, id);
    at = copy(out, at, distanceKey);
    at = writeNumberAt(out, at, distanceM);
    at = copy(out, at, latKey);
    at = writeNumberAt(out, at, light.lats[row] as number);
    at = copy(out, at, lonKey);
    at = writeNumberAt(out, at, light.lons[row] as number);
    at = copy(out, at, positionSources[cards.positionSource.codes[row] as number] as number);
    const year = light.captureYears[row] ?? Number.NaN; // NaN prints as null
    at = writeNumberAt(out, at, year);
    at = copy(out, at, yearKey);
    at = writeNumberAt(out, at, year);
    at = copy(out, at, wardChunks.get(light.wards[row] ?? null) as number);
    at = copy(out, at, viewClasses[cards.viewClass.codes[row] as number] as number);
    at = writeNumberAt(out, at, cards.travelBearing[row] as number);
    const reference = ((cards.isPano[row] as number) + 1) * 256 + (generation.statuses[row] as number);
    at = copy(out, at, generation.references[reference] as number);
    at = copy(out, at, generation.models[columns.model.codes[row] as number] as number);
    at = copy(out, at, generation.promptVersions[columns.promptVersion.codes[row] as number] as number);
    if (plain) {
      out[at++] = 34; // "
      out.set(new Uint8Array(summary.bytes.buffer, summary.bytes.byteOffset + start, length), at);
      at += length;
      out[at++] = 34;
    } else {
      writer.advance(at);
      writer.jsonString(summary.bytes.toString('utf8', start, start + length));
      out = writer.reserve(itemBytes);
      at = writer.length;
    }
    at = copy(out, at, generation.analysisStatuses[columns.analysisStatus.codes[row] as number] as number);
    if (afterIds) {
      // encodeURIComponent would leave the ids' digits as they are.
      for (let part = 0; part < afterIds.length; part++) {
        at = writeAsciiAt(out, at, id);
        at = copy(out, at, afterIds[part] as number);
      }
      writer.advance(at);
    } else {
      writer.advance(at);
      writer.jsonString(imagePageOf(context.imagePageTemplate, id));
      writer.ascii('}');
    }
    return true;
  };
}
