import type { SceneCardColumns, SceneLight } from '../store/index.ts';

// The fields of a nearby result item, for every scene and generation, row-major: one record of 32 + 16 × generations
// bytes a scene (64 for the two generations of a release: one cache line). A page of 50 scenes at random rows read
// from ~18 columns cost ~18 cache misses an item; from records one or two (measured: a page printed cold in 0.80× the
// time, warm the same). Position, year and ward are copied from the light columns so that the record is all a
// printer reads besides the id and the summary's bytes.
//
// Byte offsets in a record, below. A summary start of NO_SUMMARY: the scene has no summary in that generation; a
// year of NO_YEAR: unknown; a bearing of NaN: unknown; panorama 0 unknown, 1 no, 2 yes (a scene's field, kept in each
// generation part where there was room); plain 1 where the summary prints in JSON as itself between quotes.

export const SCENE_BYTES = 32;
export const LAT = 0; // f64
export const LON = 8; // f64
export const BEARING = 16; // f64
export const YEAR = 24; // u16
export const WARD = 26; // u16 code
export const POSITION_SOURCE = 28; // u16 code
export const VIEW_CLASS = 30; // u16 code
/** Generation g's part starts at SCENE_BYTES + GENERATION_BYTES × g. */
export const GENERATION_BYTES = 16;
export const SUMMARY_START = 0; // u32
export const SUMMARY_LENGTH = 4; // u32
export const MODEL = 8; // u16 code
export const PROMPT_VERSION = 10; // u16 code
export const ANALYSIS_STATUS = 12; // u8 code
export const STATUS = 13; // u8 verbalization status code
export const PLAIN = 14; // u8
export const PANORAMA = 15; // u8

export const NO_YEAR = 0xffff;
export const NO_SUMMARY = 0xffffffff;

/**
 * Each scene's id as ASCII digits in a slot of ID_SLOT bytes, its length first (release ids are 15-20 digits): the
 * printer copies them from here instead of reaching the id string through the light columns' array, two dependent
 * cache misses an item (measured: the printer 0.914× per item; 21 MB at a million scenes).
 */
export const ID_SLOT = 21;
const maxIdDigits = ID_SLOT - 1;

type Labels = (string | null)[];

/** Labels of the coded fields; code 0 is always null. Per generation where the field is. */
export interface CardLabels {
  ward: Labels;
  positionSource: Labels;
  viewClass: Labels;
  model: Labels[];
  promptVersion: Labels[];
  analysisStatus: Labels[];
}

export class CardRecords {
  readonly count: number;
  readonly generations: number;
  /** Bytes a record. */
  readonly stride: number;
  readonly bytes: Uint8Array;
  readonly f64: Float64Array;
  readonly u32: Uint32Array;
  readonly u16: Uint16Array;
  readonly labels: CardLabels;
  /** Each generation's summaries as UTF-8, where the records' starts and lengths point. */
  readonly summaries: Buffer[];
  /** Id digits by row, ID_SLOT bytes a scene (see ID_SLOT; packIdDigits). */
  readonly idDigits: Uint8Array;

  /** `bytes` must start 8-byte aligned (a snapshot section is). */
  constructor(count: number, labels: CardLabels, bytes: Uint8Array, summaries: Buffer[], idDigits: Uint8Array) {
    this.count = count;
    this.generations = summaries.length;
    this.stride = SCENE_BYTES + GENERATION_BYTES * this.generations;
    if (bytes.byteLength !== count * this.stride || bytes.byteOffset % 8 !== 0) {
      throw new Error(`card records: ${bytes.byteLength} bytes at offset ${bytes.byteOffset} for ${count} records`);
    }
    if (idDigits.length !== count * ID_SLOT) {
      throw new Error(`card records: ${idDigits.length} bytes of id digits for ${count} records (${ID_SLOT} each)`);
    }
    this.idDigits = idDigits;
    this.bytes = bytes;
    this.f64 = new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8);
    this.u32 = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    this.u16 = new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2);
    this.labels = labels;
    this.summaries = summaries;
  }

  /** Byte offset of the generation part of a record. */
  at(row: number, generation: number): number {
    return row * this.stride + SCENE_BYTES + GENERATION_BYTES * generation;
  }

  hasSummary(row: number, generation: number): boolean {
    return generation < this.generations && this.u32[(this.at(row, generation) + SUMMARY_START) >> 2] !== NO_SUMMARY;
  }

  /** The summary's text, or null when the scene has none in that generation. */
  summary(row: number, generation: number): string | null {
    if (!this.hasSummary(row, generation)) return null;
    const at = this.at(row, generation);
    const start = this.u32[(at + SUMMARY_START) >> 2] as number;
    const end = start + (this.u32[(at + SUMMARY_LENGTH) >> 2] as number);
    return (this.summaries[generation] as Buffer).toString('utf8', start, end);
  }

  /** A f64 field of the scene part (LAT, LON, BEARING). */
  number(row: number, field: number): number {
    return this.f64[(row * this.stride + field) >> 3] as number;
  }

  /** A u16 field of the scene part (YEAR, WARD, POSITION_SOURCE, VIEW_CLASS). */
  code(row: number, field: number): number {
    return this.u16[(row * this.stride + field) >> 1] as number;
  }

  /** A u16 field of a generation part (MODEL, PROMPT_VERSION). */
  generationCode(row: number, generation: number, field: number): number {
    return this.u16[(this.at(row, generation) + field) >> 1] as number;
  }

  /** A u8 field of a generation part (ANALYSIS_STATUS, STATUS, PLAIN, PANORAMA). */
  generationByte(row: number, generation: number, field: number): number {
    return this.bytes[this.at(row, generation) + field] as number;
  }
}

/** The id digit slots of scene ids (see ID_SLOT), or the first id that is not 1-20 ASCII digits. */
export function packIdDigits(ids: readonly string[]): Uint8Array | string {
  const digits = new Uint8Array(ids.length * ID_SLOT);
  return packIdDigitRows(ids, digits, 0, ids.length) ?? digits;
}

/** Fills the slots of rows [from, to) in `digits`; the first id that is not 1-20 ASCII digits, else null. */
export function packIdDigitRows(ids: readonly string[], digits: Uint8Array, from: number, to: number): string | null {
  for (let row = from; row < to; row++) {
    const id = ids[row] as string;
    if (id.length === 0 || id.length > maxIdDigits) return `scene id ${JSON.stringify(id)}`;
    const at = row * ID_SLOT;
    digits[at] = id.length;
    for (let i = 0; i < id.length; i++) {
      const code = id.charCodeAt(i);
      if (code < 48 || code > 57) return `scene id ${JSON.stringify(id)}`;
      digits[at + 1 + i] = code;
    }
  }
  return null;
}

/** Why the columns do not fit records: a year or a summary offset out of the record's range. */
function unfitReason(light: SceneLight, columns: SceneCardColumns): string | null {
  for (const year of light.captureYears) {
    if (year !== null && !(Number.isInteger(year) && year >= 0 && year < NO_YEAR)) return `capture year ${year}`;
  }
  for (const [g, { summary, analysisStatus }] of columns.byGeneration.entries()) {
    if (summary.bytes.byteLength >= NO_SUMMARY) return `generation ${g}: ${summary.bytes.byteLength} summary bytes`;
    if (analysisStatus.labels.length > 256) return `generation ${g}: ${analysisStatus.labels.length} analysis statuses`;
  }
  return null;
}

/** Interned ward codes of the light columns' ward labels. */
function codeWards(light: SceneLight): { labels: Labels; codes: Uint16Array } {
  const labels: Labels = [null];
  const byLabel = new Map<string | null, number>([[null, 0]]);
  const codes = new Uint16Array(light.count);
  light.wards.forEach((ward, row) => {
    let code = byLabel.get(ward ?? null);
    if (code === undefined) {
      code = labels.push(ward) - 1;
      if (code > 0xffff) throw new Error('card records: more than 65 535 wards');
      byLabel.set(ward, code);
    }
    codes[row] = code;
  });
  return { labels, codes };
}

/** The records of a release's card columns and light columns, or why they do not fit. */
export function packCardRecords(light: SceneLight, columns: SceneCardColumns): CardRecords | string {
  const reason = unfitReason(light, columns);
  if (reason) return `card records do not fit: ${reason}`;
  const idDigits = packIdDigits(light.ids);
  if (typeof idDigits === 'string') return `card records do not fit: ${idDigits}`;
  const wards = codeWards(light);
  const generations = columns.byGeneration;
  const records = new CardRecords(
    columns.count,
    {
      ward: wards.labels,
      positionSource: columns.positionSource.labels,
      viewClass: columns.viewClass.labels,
      model: generations.map((g) => g.model.labels),
      promptVersion: generations.map((g) => g.promptVersion.labels),
      analysisStatus: generations.map((g) => g.analysisStatus.labels),
    },
    new Uint8Array(columns.count * (SCENE_BYTES + GENERATION_BYTES * generations.length)),
    generations.map((g) => g.summary.bytes),
    idDigits,
  );
  const { bytes, f64, u32, u16, stride } = records;
  for (let row = 0; row < columns.count; row++) {
    const base = row * stride;
    f64[(base + LAT) >> 3] = light.lats[row] as number;
    f64[(base + LON) >> 3] = light.lons[row] as number;
    f64[(base + BEARING) >> 3] = columns.travelBearing[row] as number;
    u16[(base + YEAR) >> 1] = light.captureYears[row] ?? NO_YEAR;
    u16[(base + WARD) >> 1] = wards.codes[row] as number;
    u16[(base + POSITION_SOURCE) >> 1] = columns.positionSource.codes[row] as number;
    u16[(base + VIEW_CLASS) >> 1] = columns.viewClass.codes[row] as number;
    generations.forEach((verbalization, g) => {
      const at = records.at(row, g);
      const start = verbalization.summary.starts[row] as number;
      u32[(at + SUMMARY_START) >> 2] = start < 0 ? NO_SUMMARY : start;
      u32[(at + SUMMARY_LENGTH) >> 2] = start < 0 ? 0 : (verbalization.summary.lengths[row] as number);
      u16[(at + MODEL) >> 1] = verbalization.model.codes[row] as number;
      u16[(at + PROMPT_VERSION) >> 1] = verbalization.promptVersion.codes[row] as number;
      bytes[at + ANALYSIS_STATUS] = verbalization.analysisStatus.codes[row] as number;
      bytes[at + STATUS] = (light.statusByGeneration[g] as Uint8Array)[row] as number;
      bytes[at + PLAIN] = verbalization.summary.plain[row] as number;
      bytes[at + PANORAMA] = (columns.isPano[row] as number) + 1;
    });
  }
  return records;
}
