// The item printer (core/scenes/item-printer.ts) against JSON.stringify of the object itemFromColumns makes, on card records
// packed from columns of arbitrary values: texts with quotes, backslashes, control characters and characters beyond the BMP, unknown
// numbers, null labels, unnamed statuses and image page templates that need escaping.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packCardRecords } from '../../../core/data/card-records.ts';
import type { SceneLayer } from '../../../core/data/served-release.ts';
import { ByteWriter } from '../../../core/json/byte-writer.ts';
import { type ColumnsContext, itemFromColumns } from '../../../core/scenes/columns.ts';
import { MAX_MERGED_CHUNKS, makeItemPrinter } from '../../../core/scenes/item-printer.ts';
import { type InternedColumn, type SceneCardColumns, TextColumnBuilder } from '../../../core/store/index.ts';

const label = fc.option(fc.string({ unit: 'grapheme', maxLength: 12 }), { nil: null });
const text = fc.option(fc.string({ unit: 'grapheme', maxLength: 60 }), { nil: null });
const sceneRow = fc.record({
  id: fc.bigInt({ min: 10n ** 14n, max: 10n ** 20n - 1n }).map(String),
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lon: fc.double({ min: -180, max: 180, noNaN: true }),
  year: fc.option(fc.integer({ min: 1990, max: 2030 }), { nil: null }),
  ward: label,
  bearing: fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY)),
  pano: fc.constantFrom(-1, 0, 1),
  positionSource: fc.nat(3),
  viewClass: fc.nat(3),
  status: fc.constantFrom(0, 1, 2, 3, 9, 255),
  model: fc.nat(3),
  summary: text,
  analysisStatus: fc.nat(2),
});
const columnsCase = fc.record({
  labels: fc.array(label, { minLength: 4, maxLength: 4 }),
  rows: fc.array(sceneRow, { minLength: 1, maxLength: 20 }),
  template: fc.constantFrom('https://example.jp/p/{id}', 'https://例.jp/"{id}"\\x', '{id}', 'no id'),
  distance: fc.nat(100_000),
});

type Case = typeof columnsCase extends fc.Arbitrary<infer T> ? T : never;

function interned(labels: (string | null)[], codes: number[]): InternedColumn {
  return { labels: [null, ...labels], codes: Uint16Array.from(codes) };
}

function contextOf(c: Case): ColumnsContext {
  const { rows, labels } = c;
  const summary = new TextColumnBuilder(rows.length, 16);
  rows.forEach((row, index) => {
    summary.set(index, row.summary);
  });
  const codes = (pick: (row: (typeof rows)[number]) => number) => rows.map(pick);
  const cards: SceneCardColumns = {
    count: rows.length,
    positionSource: interned(
      labels,
      codes((row) => row.positionSource),
    ),
    viewClass: interned(
      labels,
      codes((row) => row.viewClass),
    ),
    travelBearing: Float64Array.from(rows.map((row) => row.bearing)),
    isPano: Int8Array.from(rows.map((row) => row.pano)),
    byGeneration: [
      {
        model: interned(
          labels,
          codes((row) => row.model),
        ),
        promptVersion: interned(
          labels,
          codes((row) => 3 - row.model),
        ),
        analysisStatus: interned(
          ['ok', 'invalid'],
          codes((row) => row.analysisStatus),
        ),
        summary: summary.build(),
      },
    ],
  };
  const light = {
    count: rows.length,
    ids: rows.map((row) => row.id),
    lats: Float64Array.from(rows.map((row) => row.lat)),
    lons: Float64Array.from(rows.map((row) => row.lon)),
    captureYears: rows.map((row) => row.year),
    quarantined: new Uint8Array(rows.length),
    wards: rows.map((row) => row.ward),
    generationIds: ['gen2-"ü"'],
    statusByGeneration: [Uint8Array.from(rows.map((row) => row.status))],
  };
  const records = packCardRecords(light, cards);
  if (typeof records === 'string') throw new Error(records);
  const layer = { light, cards: records } as unknown as SceneLayer;
  return { layer, cards: records, versions: new Map([['gen2-"ü"', 2]]), imagePageTemplate: c.template };
}

describe('makeItemPrinter', () => {
  // Labels printed together (the default), each apart (no merged chunks allowed), and some of each: with at most 60,
  // ward × view class (25) merge while position source × year (5 × up to 42 years and unknown) mostly does not.
  it.each([
    ['merged labels', MAX_MERGED_CHUNKS],
    ['every label apart', 0],
    ['merged where at most 60 combinations', 60],
  ])(
    'prints the bytes of JSON.stringify(item) for every row, and nothing where there is no item (%s)',
    (_, maxMerged) => {
      fc.assert(
        fc.property(columnsCase, (c) => {
          const context = contextOf(c);
          const print = makeItemPrinter(context, maxMerged);
          const printed = c.rows.map((_, row) => {
            const writer = new ByteWriter(8);
            const wrote = print(writer, row, 0, c.distance);
            return { wrote, bytes: Buffer.from(writer.finish()).toString('utf8') };
          });
          // One expect per case, not per row: expect itself is most of the time at this many rows.
          expect(printed).toEqual(
            c.rows.map((_, row) => {
              const item = itemFromColumns(context, row, 0);
              if (item === null) return { wrote: false, bytes: '' };
              return { wrote: true, bytes: JSON.stringify({ ...item, distance_m: c.distance }) };
            }),
          );
        }),
        { numRuns: 300 },
      );
    },
  );

  it('prints nothing for a generation the columns do not have', () => {
    const context = contextOf(fc.sample(columnsCase, { numRuns: 1, seed: 7 })[0] as Case);
    const writer = new ByteWriter();
    expect(makeItemPrinter(context)(writer, 0, 5, 0)).toBe(false);
    expect(writer.length).toBe(0);
  });
});
