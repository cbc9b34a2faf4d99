/** Validates engine output against components of spec/scenery-search.openapi.yaml (the lead adds the envelope). */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { CORE_SCHEMA, load } from 'js-yaml';
import type { SearchPage } from '../../../core/scenery-search/engine.ts';

const KEY = 'https://machimi.invalid/scenery-search-test';
const document = load(readFileSync(new URL('../../../spec/scenery-search.openapi.yaml', import.meta.url), 'utf8'), {
  schema: CORE_SCHEMA,
}) as object;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats.default(ajv);
ajv.addSchema(document, KEY);
const cache = new Map<string, ValidateFunction>();

export function schemaErrors(component: string, value: unknown): string | null {
  let validate = cache.get(component);
  if (!validate) {
    validate = ajv.compile({ $ref: `${KEY}#/components/schemas/${component}` });
    cache.set(component, validate);
  }
  return validate(value) ? null : ajv.errorsText(validate.errors);
}

export const SOURCE_RELEASE = 'demo-synthetic-test';

/** What the handler adds around the engine's page. */
export function envelope(page: SearchPage): Record<string, unknown> {
  return {
    api_version: 'explore-v1',
    source_release: SOURCE_RELEASE,
    license: { id: 'CC-BY-4.0', url: 'https://creativecommons.org/licenses/by/4.0/', attribution: 'machimi（テスト）' },
    ...page,
  };
}

export function testLinks(id: string) {
  const detail = `http://127.0.0.1:3000/explore/api/scene/${id}`;
  const image = `https://www.mapillary.com/app/?pKey=${id}`;
  return { detail, observation: `${detail}#/observation`, image, source: image };
}
