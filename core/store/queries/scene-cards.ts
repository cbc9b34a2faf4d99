// Every field a nearby result shows beyond the light columns, for every scene and generation, columnar: the scene's
// position source, view class, bearing and panorama flag, and each verbalization's model, prompt version, analysis
// status and summary. Held in memory, they let a nearby page be printed without a store read (at 1 M scenes a page's
// 50 cards cost 6 ms on PostgreSQL and 21 ms on PGlite by key). Summaries are kept as UTF-8 in one buffer, the bytes a
// response carries. Read through COPY like the light columns (scene-light.ts).

import { blockRangesOf, DEFAULT_BLOCKS_PER_RANGE } from '../block-ranges.ts';
import { CopyReader, copyOutBytes, decodeUtf8, ownStrings } from '../copy-reader.ts';
import { quoteLiteral } from '../copy-text.ts';
import { IdTable } from '../id-table.ts';
import type { Queryable } from '../types.ts';

/** A column of few distinct strings: labels[codes[row]]; code 0 is always null. */
export interface InternedColumn {
  labels: (string | null)[];
  codes: Uint16Array;
}

/**
 * One text per scene as UTF-8 in one buffer; start -1: null. `plain` is 1 where the text prints in JSON as itself
 * between quotes (no quote, backslash or control character), so a response can copy its bytes without escaping.
 */
export interface TextColumn {
  bytes: Buffer;
  starts: Float64Array;
  lengths: Uint32Array;
  plain: Uint8Array;
}

export interface VerbalizationCardColumns {
  model: InternedColumn;
  promptVersion: InternedColumn;
  analysisStatus: InternedColumn;
  summary: TextColumn;
}

export interface SceneCardColumns {
  count: number;
  positionSource: InternedColumn;
  viewClass: InternedColumn;
  /** NaN when unknown. */
  travelBearing: Float64Array;
  /** -1 unknown, 0 no, 1 yes. */
  isPano: Int8Array;
  /** Aligned with SceneLight.generationIds. */
  byGeneration: VerbalizationCardColumns[];
}

/** Builds an InternedColumn from raw COPY fields, decoding each distinct value once. */
export class InternedColumnBuilder {
  readonly labels: (string | null)[] = [null];
  readonly codes: Uint16Array;
  readonly #byRaw = new Map<string, number>([['\\N', 0]]);

  constructor(count: number) {
    this.codes = new Uint16Array(count);
  }

  set(row: number, raw: string): void {
    let code = this.#byRaw.get(raw);
    if (code === undefined) {
      code = this.labels.length;
      if (code > 0xffff) throw new Error('a card column has more than 65 535 distinct values');
      this.labels.push(decodeUtf8(raw));
      this.#byRaw.set(raw, code);
    }
    this.codes[row] = code;
  }

  build(): InternedColumn {
    return { labels: ownStrings(this.labels), codes: this.codes };
  }
}

// Whether JSON prints the text as itself between quotes: any escape would lengthen it.
const printsAsItself = (text: string) => JSON.stringify(text).length === text.length + 2;

/** Appends texts into one growing buffer; the column keeps where each scene's text lies. */
export class TextColumnBuilder {
  #bytes: Buffer;
  #used = 0;
  readonly #starts: Float64Array;
  readonly #lengths: Uint32Array;
  readonly #plain: Uint8Array;

  constructor(count: number, expectedBytes = count * 200) {
    this.#bytes = Buffer.allocUnsafe(Math.max(1024, expectedBytes));
    this.#starts = new Float64Array(count).fill(-1);
    this.#lengths = new Uint32Array(count);
    this.#plain = new Uint8Array(count);
  }

  set(row: number, text: string | null): void {
    if (text === null) return;
    const room = this.#used + text.length * 3;
    if (room > this.#bytes.byteLength) {
      const grown = Buffer.allocUnsafe(Math.max(room, this.#bytes.byteLength * 2));
      this.#bytes.copy(grown, 0, 0, this.#used);
      this.#bytes = grown;
    }
    const written = this.#bytes.write(text, this.#used, 'utf8');
    this.#starts[row] = this.#used;
    this.#lengths[row] = written;
    this.#plain[row] = printsAsItself(text) ? 1 : 0;
    this.#used += written;
  }

  build(): TextColumn {
    // A copy of the used part, so the slack of the growing buffer is given back.
    const bytes = Buffer.allocUnsafe(this.#used);
    this.#bytes.copy(bytes, 0, 0, this.#used);
    return { bytes, starts: this.#starts, lengths: this.#lengths, plain: this.#plain };
  }
}

/** The text of a row, or null. */
export function textAt(column: TextColumn, row: number): string | null {
  const start = column.starts[row] as number;
  if (start < 0) return null;
  return column.bytes.toString('utf8', start, start + (column.lengths[row] as number));
}

/** The scene part of the card columns, filled from any number of COPY outputs (one a block range). */
class SceneFieldsBuilder {
  readonly positionSource: InternedColumnBuilder;
  readonly viewClass: InternedColumnBuilder;
  readonly travelBearing: Float64Array;
  readonly isPano: Int8Array;

  constructor(count: number) {
    this.positionSource = new InternedColumnBuilder(count);
    this.viewClass = new InternedColumnBuilder(count);
    this.travelBearing = new Float64Array(count).fill(Number.NaN);
    this.isPano = new Int8Array(count).fill(-1);
  }

  /** Rows of `SELECT id, position_source, view_class, travel_bearing, is_pano`. */
  add(bytes: Uint8Array, rows: IdTable): void {
    const reader = new CopyReader(bytes, 5);
    while (reader.nextRow()) {
      const row = rows.rowOf(reader.ascii(0) as string);
      if (row === -1) continue;
      this.positionSource.set(row, reader.raw(1));
      this.viewClass.set(row, reader.raw(2));
      this.travelBearing[row] = reader.number(3) ?? Number.NaN;
      const pano = reader.boolean(4);
      this.isPano[row] = pano === null ? -1 : pano ? 1 : 0;
    }
  }

  build() {
    const { travelBearing, isPano } = this;
    return { positionSource: this.positionSource.build(), viewClass: this.viewClass.build(), travelBearing, isPano };
  }
}

/** One generation's verbalization part of the card columns. */
class VerbalizationFieldsBuilder {
  readonly model: InternedColumnBuilder;
  readonly promptVersion: InternedColumnBuilder;
  readonly analysisStatus: InternedColumnBuilder;
  readonly summary: TextColumnBuilder;

  constructor(count: number) {
    this.model = new InternedColumnBuilder(count);
    this.promptVersion = new InternedColumnBuilder(count);
    this.analysisStatus = new InternedColumnBuilder(count);
    this.summary = new TextColumnBuilder(count);
  }

  /** The current row of `SELECT scene_id, generation_id, model, prompt_version, analysis_status, summary`. */
  set(row: number, reader: CopyReader): void {
    this.model.set(row, reader.raw(2));
    this.promptVersion.set(row, reader.raw(3));
    this.analysisStatus.set(row, reader.raw(4));
    this.summary.set(row, decodeUtf8(reader.raw(5)));
  }

  build(): VerbalizationCardColumns {
    return {
      model: this.model.build(),
      promptVersion: this.promptVersion.build(),
      analysisStatus: this.analysisStatus.build(),
      summary: this.summary.build(),
    };
  }
}

export interface CardReadOptions {
  /** Table blocks one COPY reads (block-ranges.ts); smaller ranges hold less at once and cost more statements. */
  blocksPerRange?: number;
}

/**
 * The card columns of a release, rows aligned with its light columns (`ids`, `generationIds`). Both tables are read
 * in block ranges (block-ranges.ts says why), every generation's verbalizations in the same pass.
 */
export async function loadSceneCardColumns(
  db: Queryable,
  releaseId: string,
  ids: readonly string[],
  generationIds: readonly string[],
  options: CardReadOptions = {},
): Promise<SceneCardColumns> {
  const blocksPerRange = options.blocksPerRange ?? DEFAULT_BLOCKS_PER_RANGE;
  const release = quoteLiteral(releaseId);
  const rows = new IdTable(ids);
  const scenes = new SceneFieldsBuilder(ids.length);
  for (const range of await blockRangesOf(db, 'scenes', blocksPerRange)) {
    const select = `SELECT id, position_source, view_class, travel_bearing, is_pano FROM scenes
       WHERE release_id = ${release} AND ${range}`;
    scenes.add(await copyOutBytes(db, select), rows);
  }
  const builders = generationIds.map(() => new VerbalizationFieldsBuilder(ids.length));
  // Raw COPY text of each generation id (ASCII ids: the text is the id).
  const builderOf = new Map(generationIds.map((id, g) => [id, builders[g] as VerbalizationFieldsBuilder]));
  for (const range of await blockRangesOf(db, 'verbalizations', blocksPerRange)) {
    const select = `SELECT scene_id, generation_id, model, prompt_version, analysis_status, summary FROM verbalizations
       WHERE release_id = ${release} AND ${range}`;
    const reader = new CopyReader(await copyOutBytes(db, select), 6);
    while (reader.nextRow()) {
      const row = rows.rowOf(reader.ascii(0) as string);
      const builder = builderOf.get(reader.ascii(1) as string);
      if (row === -1 || !builder) continue; // ingest refuses such rows
      builder.set(row, reader);
    }
  }
  return { count: ids.length, ...scenes.build(), byGeneration: builders.map((builder) => builder.build()) };
}
