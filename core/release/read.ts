import { createReadStream } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { checkRow } from './row-checks.ts';
import { getRowValidators } from './schemas.ts';
import { RELEASE_TABLES, type ReleaseTable } from './tables.ts';
import type { Manifest, RowOf } from './types.ts';

/** A release that cannot be read: names the file, the line (when there is one) and the field. */
export class ReleaseFormatError extends Error {
  readonly file: string;
  readonly line: number | null;
  readonly field: string | null;
  constructor(file: string, line: number | null, field: string | null, problem: string) {
    const where = line === null ? file : `${file} line ${line}`;
    super(`${where}: ${field ? `${field} ` : ''}${problem}`);
    this.name = 'ReleaseFormatError';
    this.file = file;
    this.line = line;
    this.field = field;
  }
}

/** Turns the first ajv error into (field, problem); the field is a JSON pointer into the row. */
export function describeSchemaError(error: ErrorObject): { field: string; problem: string } {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    return { field: `${error.instancePath}/${String(params.missingProperty)}`, problem: 'is required but missing' };
  }
  if (error.keyword === 'additionalProperties') {
    return {
      field: `${error.instancePath}/${String(params.additionalProperty)}`,
      problem: 'is not an allowed property',
    };
  }
  const extra = error.keyword === 'enum' ? ` (${JSON.stringify(params.allowedValues)})` : '';
  return { field: error.instancePath || '/', problem: `${error.message ?? 'is invalid'}${extra}` };
}

function parseAndValidate(
  text: string,
  validate: ValidateFunction,
  file: string,
  line: number,
  table?: string,
): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new ReleaseFormatError(file, line, null, `is not valid JSON (${(cause as Error).message})`);
  }
  if (!validate(value)) {
    const first = validate.errors?.[0];
    const { field, problem } = first ? describeSchemaError(first) : { field: '/', problem: 'is invalid' };
    throw new ReleaseFormatError(file, line, field, problem);
  }
  const failed = table ? checkRow(table, value as Record<string, unknown>) : null;
  if (failed) throw new ReleaseFormatError(file, line, failed.field, failed.problem);
  return value;
}

export async function readManifest(dir: string): Promise<Manifest> {
  const file = 'manifest.json';
  let text: string;
  try {
    text = await readFile(join(dir, file), 'utf8');
  } catch {
    throw new ReleaseFormatError(file, null, null, `is missing in ${dir}`);
  }
  return parseAndValidate(text, getRowValidators().manifest, file, 1) as Manifest;
}

function openLines(path: string, gzipped: boolean): Readable {
  const raw = createReadStream(path);
  if (!gzipped) return raw;
  const gunzip = createGunzip();
  raw.on('error', (err) => gunzip.destroy(err));
  return raw.pipe(gunzip);
}

/**
 * Streams one table's rows, validated against its schema. Blank lines are skipped but counted, so reported line
 * numbers match an editor's. The number of rows must equal manifest.row_counts[table].
 */
export async function* readTableRows<T extends ReleaseTable>(
  dir: string,
  manifest: Manifest,
  table: T,
): AsyncGenerator<RowOf<T>> {
  const file = manifest.files[table];
  const path = join(dir, file);
  try {
    await access(path);
  } catch {
    throw new ReleaseFormatError(file, null, null, `is missing (table ${table})`);
  }
  const validate = getRowValidators()[table];
  const lines = createInterface({ input: openLines(path, file.endsWith('.gz')), crlfDelay: Infinity });
  let line = 0;
  let rows = 0;
  try {
    for await (const text of lines) {
      line += 1;
      if (text.trim() === '') continue;
      rows += 1;
      yield parseAndValidate(text, validate, file, line, table) as RowOf<T>;
    }
  } catch (cause) {
    if (cause instanceof ReleaseFormatError) throw cause;
    throw new ReleaseFormatError(file, line + 1, null, `cannot be read (${(cause as Error).message})`);
  }
  const expected = manifest.row_counts[table];
  if (rows !== expected) {
    throw new ReleaseFormatError(file, null, null, `has ${rows} rows but manifest.row_counts.${table} is ${expected}`);
  }
}

export interface ReleaseRow<T extends ReleaseTable = ReleaseTable> {
  table: T;
  row: RowOf<T>;
}

/** Streams every table of a release in load order (generations first). */
export async function* readReleaseRows(dir: string, manifest?: Manifest): AsyncGenerator<ReleaseRow> {
  const man = manifest ?? (await readManifest(dir));
  for (const table of RELEASE_TABLES) {
    for await (const row of readTableRows(dir, man, table)) yield { table, row } as ReleaseRow;
  }
}
