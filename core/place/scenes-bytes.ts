import type { ByteWriter } from '../json/byte-writer.ts';
import { type InternedColumn, verbalizationStatusCodes } from '../store/index.ts';
import type { ColumnsContext } from './scenes-columns.ts';
import { imagePageOf } from './scenes-items.ts';

// Nearby result items printed as UTF-8 JSON straight from the columns in memory: the bytes of
// JSON.stringify(itemFromColumns(…) with its distance), without making that text. Summaries are copied as the UTF-8
// they are kept in (re-encoding a page's Japanese from UTF-16 cost ~140 µs at 1 M scenes), numbers are written digit
// by digit, and everything else is printed once in advance, each label together with the keys around it, so an item
// is about twenty copies. Compared with JSON.stringify on every scene × generation of the demo release
// (test/integration/store/scene-cards.test.ts) and on arbitrary columns (test/unit/place/scenes-bytes.test.ts).

const encode = (text: string) => Buffer.from(text, 'utf8');
const json = (value: unknown) => JSON.stringify(value) ?? 'null';
// Whether JSON prints the text as itself between quotes.
const printsAsItself = (text: string) => json(text).length === text.length + 2;

/** Each label of the column as JSON, between the texts given. */
function chunksOf(column: InternedColumn, before: string, after: string): Buffer[] {
  return column.labels.map((label) => encode(`${before}${json(label)}${after}`));
}

const keys = {
  open: encode('{"id":"'),
  distance: encode('","distance_m":'),
  lat: encode(',"lat":'),
  lon: encode(',"lon":'),
  year: encode(',"year":'),
  quote: encode('"'),
  null: encode('null'),
};

// The image page link around its ids, `"<before id>` … `<after id>"}`, when the template prints as itself; else the
// whole link is printed per item.
function imagePageParts(template: string): string[] | null {
  const parts = template.split('{id}');
  if (!parts.every(printsAsItself)) return null;
  return parts.map((part, index) => `${index === 0 ? '"' : ''}${part}${index === parts.length - 1 ? '"}' : ''}`);
}

export type PrintItem = (writer: ByteWriter, row: number, generation: number, distanceM: number) => boolean;

/** The item printer of a release's columns; it prints nothing and returns false where itemFromColumns gives null. */
export function makeItemPrinter(context: ColumnsContext): PrintItem {
  const { cards, versions } = context;
  const { light } = context.layer;
  const positionSources = chunksOf(cards.positionSource, ',"position_source":', ',"capture_year":');
  const viewClasses = chunksOf(cards.viewClass, '', ',"travel_bearing":');
  const pageParts = imagePageParts(context.imagePageTemplate);
  // The first part of the link goes with the analysis status before it; the others follow each id.
  const afterIds = pageParts?.slice(1).map(encode) ?? null;
  const byGeneration = cards.byGeneration.map((columns, g) => {
    const id = light.generationIds[g] as string;
    const version = versions.get(id) ?? 1;
    // `,"is_pano":…,"generation":{…},"model":` for each panorama flag (-1, 0, 1) and status code; a status code
    // without a name prints as JSON.stringify prints an undefined field: not at all.
    const names = new Map(Object.entries(verbalizationStatusCodes).map(([name, code]) => [code as number, name]));
    const references = [null, false, true].map((pano) =>
      Array.from({ length: 256 }, (_, code) =>
        encode(`,"is_pano":${pano},"generation":${json({ id, status: names.get(code), version })},"model":`),
      ),
    );
    return {
      columns,
      references,
      models: chunksOf(columns.model, '', ',"prompt_version":'),
      promptVersions: chunksOf(columns.promptVersion, '', ',"summary":'),
      analysisStatuses: chunksOf(
        columns.analysisStatus,
        ',"analysis_status":',
        `,"image_page":${pageParts?.[0] ?? ''}`,
      ),
      statuses: light.statusByGeneration[g] as Uint8Array,
    };
  });
  const wards = new Map<string | null, Buffer>();
  const wardOf = (ward: string | null) => {
    let printed = wards.get(ward);
    if (!printed) {
      printed = encode(`,"ward":${json(ward)},"view_class":`);
      wards.set(ward, printed);
    }
    return printed;
  };

  return (writer, row, g, distanceM) => {
    const generation = byGeneration[g];
    if (!generation) return false;
    const { columns } = generation;
    const { summary } = columns;
    const start = summary.starts[row] as number;
    if (start < 0) return false;
    const id = light.ids[row] as string;
    writer.bytes(keys.open);
    writer.ascii(id);
    writer.bytes(keys.distance);
    writer.number(distanceM);
    writer.bytes(keys.lat);
    writer.number(light.lats[row] as number);
    writer.bytes(keys.lon);
    writer.number(light.lons[row] as number);
    writer.bytes(positionSources[cards.positionSource.codes[row] as number] as Buffer);
    const year = light.captureYears[row] ?? null;
    if (year === null) writer.bytes(keys.null);
    else writer.number(year);
    writer.bytes(keys.year);
    if (year === null) writer.bytes(keys.null);
    else writer.number(year);
    writer.bytes(wardOf(light.wards[row] ?? null));
    writer.bytes(viewClasses[cards.viewClass.codes[row] as number] as Buffer);
    writer.number(cards.travelBearing[row] as number);
    const pano = generation.references[(cards.isPano[row] as number) + 1] as Buffer[];
    writer.bytes(pano[generation.statuses[row] as number] as Buffer);
    writer.bytes(generation.models[columns.model.codes[row] as number] as Buffer);
    writer.bytes(generation.promptVersions[columns.promptVersion.codes[row] as number] as Buffer);
    const end = start + (summary.lengths[row] as number);
    if (summary.plain[row] === 1) {
      writer.bytes(keys.quote);
      writer.bytes(summary.bytes, start, end);
      writer.bytes(keys.quote);
    } else writer.jsonString(summary.bytes.toString('utf8', start, end));
    writer.bytes(generation.analysisStatuses[columns.analysisStatus.codes[row] as number] as Buffer);
    if (afterIds) {
      // Ids are 15-20 digits (release schema sceneId, checked at ingest): encodeURIComponent would leave them as
      // they are, at ~8 % of an item's printing.
      for (const part of afterIds) {
        writer.ascii(id);
        writer.bytes(part);
      }
    } else {
      writer.jsonString(imagePageOf(context.imagePageTemplate, id));
      writer.ascii('}');
    }
    return true;
  };
}
