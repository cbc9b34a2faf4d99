// Card records (data/card-records.ts) hold exactly what the light and card columns say, field by field, and refuse
// columns that do not fit their fixed widths with a reason instead of a wrong record.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_STATUS,
  BEARING,
  CardRecords,
  ID_SLOT,
  LAT,
  LON,
  MODEL,
  NO_YEAR,
  PANORAMA,
  PLAIN,
  POSITION_SOURCE,
  PROMPT_VERSION,
  packCardRecords,
  packIdDigits,
  STATUS,
  VIEW_CLASS,
  WARD,
  YEAR,
} from '../../../core/data/card-records.ts';
import {
  type InternedColumn,
  type SceneCardColumns,
  type SceneLight,
  TextColumnBuilder,
} from '../../../core/store/index.ts';

const row = fc.record({
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lon: fc.double({ min: -180, max: 180, noNaN: true }),
  bearing: fc.oneof(fc.double(), fc.constant(Number.NaN)),
  year: fc.option(fc.integer({ min: 1970, max: 2100 }), { nil: null }),
  ward: fc.option(fc.constantFrom('中央区', '北区', ''), { nil: null }),
  pano: fc.constantFrom(-1, 0, 1),
  code: fc.nat(2),
  status: fc.nat(3),
  summaries: fc.array(fc.option(fc.string({ unit: 'grapheme', maxLength: 20 }), { nil: null }), {
    minLength: 2,
    maxLength: 2,
  }),
});

const interned = (codes: number[]): InternedColumn => ({ labels: [null, 'a', 'b'], codes: Uint16Array.from(codes) });

type Row = typeof row extends fc.Arbitrary<infer T> ? T : never;

function columnsOf(rows: Row[]): { light: SceneLight; columns: SceneCardColumns } {
  const light: SceneLight = {
    count: rows.length,
    ids: rows.map((_, index) => String(10n ** 15n + BigInt(index))),
    lats: Float64Array.from(rows, (r) => r.lat),
    lons: Float64Array.from(rows, (r) => r.lon),
    captureYears: rows.map((r) => r.year),
    quarantined: new Uint8Array(rows.length),
    wards: rows.map((r) => r.ward),
    generationIds: ['gen1', 'gen2'],
    statusByGeneration: [0, 1].map((g) => Uint8Array.from(rows, (r) => (r.status + g) % 4)),
  };
  const codes = rows.map((r) => r.code);
  const columns: SceneCardColumns = {
    count: rows.length,
    positionSource: interned(codes),
    viewClass: interned(codes.map((code) => 2 - code)),
    travelBearing: Float64Array.from(rows, (r) => r.bearing),
    isPano: Int8Array.from(rows, (r) => r.pano),
    byGeneration: [0, 1].map((g) => {
      const summary = new TextColumnBuilder(rows.length, 8);
      rows.forEach((r, index) => {
        summary.set(index, r.summaries[g] ?? null);
      });
      return {
        model: interned(codes.map((code) => (code + g) % 3)),
        promptVersion: interned(codes.map((code) => (code + 1) % 3)),
        analysisStatus: interned(codes),
        summary: summary.build(),
      };
    }),
  };
  return { light, columns };
}

function pack(light: SceneLight, columns: SceneCardColumns): CardRecords {
  const records = packCardRecords(light, columns);
  if (typeof records === 'string') throw new Error(records);
  return records;
}

describe('packCardRecords', () => {
  it('keeps every field of the light and card columns, per scene and generation', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 30 }), (rows) => {
        const { light, columns } = columnsOf(rows);
        const records = pack(light, columns);
        expect(records.stride).toBe(64);
        rows.forEach((r, index) => {
          expect(records.number(index, LAT)).toBe(r.lat);
          expect(records.number(index, LON)).toBe(r.lon);
          expect(records.number(index, BEARING)).toBe(r.bearing);
          expect(records.code(index, YEAR)).toBe(r.year ?? NO_YEAR);
          expect(records.labels.ward[records.code(index, WARD)]).toBe(r.ward);
          expect(records.code(index, POSITION_SOURCE)).toBe(r.code);
          expect(records.code(index, VIEW_CLASS)).toBe(2 - r.code);
          for (const g of [0, 1]) {
            const summary = r.summaries[g] ?? null;
            expect(records.hasSummary(index, g)).toBe(summary !== null);
            expect(records.summary(index, g)).toBe(summary);
            expect(records.generationCode(index, g, MODEL)).toBe((r.code + g) % 3);
            expect(records.generationCode(index, g, PROMPT_VERSION)).toBe((r.code + 1) % 3);
            expect(records.generationByte(index, g, ANALYSIS_STATUS)).toBe(r.code);
            expect(records.generationByte(index, g, STATUS)).toBe((r.status + g) % 4);
            expect(records.generationByte(index, g, PANORAMA)).toBe(r.pano + 1);
            const plain = summary !== null && JSON.stringify(summary).length === summary.length + 2;
            expect(records.generationByte(index, g, PLAIN)).toBe(plain ? 1 : 0);
          }
          expect(records.hasSummary(index, 2)).toBe(false);
          const slot = records.idDigits.subarray(index * ID_SLOT, (index + 1) * ID_SLOT);
          const id = light.ids[index] as string;
          expect(slot[0]).toBe(id.length);
          expect(Buffer.from(slot.subarray(1, 1 + id.length)).toString('latin1')).toBe(id);
        });
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    ['a year beyond 16 bits', { year: 70_000 }, 'capture year 70000'],
    ['a fractional year', { year: 2020.5 }, 'capture year 2020.5'],
    ['more analysis statuses than a byte holds', { statuses: 300 }, 'generation 0: 300 analysis statuses'],
  ])('refuses %s with the reason', (_, change, reason) => {
    const { light, columns } = columnsOf([
      { lat: 1, lon: 2, bearing: 3, year: 2020, ward: null, pano: 1, code: 1, status: 1, summaries: ['x', 'y'] },
    ]);
    if ('year' in change) light.captureYears[0] = change.year;
    if ('statuses' in change) {
      const analysis = (columns.byGeneration[0] as SceneCardColumns['byGeneration'][number]).analysisStatus;
      analysis.labels = Array.from({ length: change.statuses }, (_, index) => `s${index}`);
    }
    expect(packCardRecords(light, columns)).toBe(`card records do not fit: ${reason}`);
  });

  it.each([
    ['an id of 21 digits', '1'.repeat(21)],
    ['an empty id', ''],
    ['an id with a letter', '12345678901234x'],
    ['an id with a full-width digit', '１23456789012345'],
  ])('refuses %s with the reason', (_, id) => {
    const { light, columns } = columnsOf([
      { lat: 1, lon: 2, bearing: 3, year: 2020, ward: null, pano: 1, code: 1, status: 1, summaries: ['x', 'y'] },
    ]);
    light.ids[0] = id;
    expect(packCardRecords(light, columns)).toBe(`card records do not fit: scene id ${JSON.stringify(id)}`);
  });

  it('packs ids of 1 to 20 digits, above 2^53 too, length first', () => {
    const ids = ['7', '12345678901234567890', String(2n ** 64n)];
    const digits = packIdDigits(ids);
    if (typeof digits === 'string') throw new Error(digits);
    expect(digits.length).toBe(3 * ID_SLOT);
    ids.forEach((id, row) => {
      expect(digits[row * ID_SLOT]).toBe(id.length);
      expect(Buffer.from(digits.subarray(row * ID_SLOT + 1, row * ID_SLOT + 1 + id.length)).toString()).toBe(id);
    });
  });

  it('refuses bytes that do not match the count, or do not start 8-byte aligned', () => {
    const labels = {
      ward: [null],
      positionSource: [null],
      viewClass: [null],
      model: [],
      promptVersion: [],
      analysisStatus: [],
    };
    const digits = (count: number) => new Uint8Array(count * ID_SLOT);
    expect(() => new CardRecords(2, labels, new Uint8Array(63), [], digits(2))).toThrow(
      /63 bytes at offset 0 for 2 records/,
    );
    const unaligned = new Uint8Array(new ArrayBuffer(40), 4, 32);
    expect(() => new CardRecords(1, labels, unaligned, [], digits(1))).toThrow(/at offset 4/);
    expect(() => new CardRecords(1, labels, new Uint8Array(32), [], digits(2))).toThrow(/42 bytes of id digits/);
  });
});
