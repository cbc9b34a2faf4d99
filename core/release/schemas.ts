import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { RELEASE_TABLES, type ReleaseTable } from './tables.ts';

/** Non-standard annotation keywords used in the row schemas (e.g. the primary key for the store). */
export const SCHEMA_ANNOTATIONS = ['x-primary-key'] as const;

const SCHEMA_DIR = new URL('./schemas/', import.meta.url);

export type JsonSchema = Record<string, unknown>;

export function readSchema(name: ReleaseTable | 'manifest' | 'common'): JsonSchema {
  return JSON.parse(readFileSync(new URL(`${name}.schema.json`, SCHEMA_DIR), 'utf8')) as JsonSchema;
}

// ajv-formats is CommonJS; under Node's ESM loader its default export may be the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => Ajv2020;

/** A strict draft 2020-12 ajv holding the shared definitions, ready to compile any release schema. */
export function createReleaseAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: false, strict: true, strictRequired: false });
  addFormats(ajv);
  for (const keyword of SCHEMA_ANNOTATIONS) ajv.addKeyword({ keyword, schemaType: 'array' });
  ajv.addSchema(readSchema('common'));
  return ajv;
}

export type RowValidators = Record<ReleaseTable, ValidateFunction> & { manifest: ValidateFunction };

let cached: RowValidators | undefined;

/** Validators for every table and the manifest, compiled once per process. */
export function getRowValidators(): RowValidators {
  if (cached) return cached;
  const ajv = createReleaseAjv();
  const validators = { manifest: ajv.compile(readSchema('manifest')) } as RowValidators;
  for (const table of RELEASE_TABLES) validators[table] = ajv.compile(readSchema(table));
  cached = validators;
  return validators;
}
