import type { JsonSchema } from './schemas.ts';

// The licence in a tool result. REST responses carry the release's full licence object (~2.4 KB), which would be
// most of a small tool result; an agent needs what it acts on: the attribution to show, the licence id and URL and
// the obligations. get_metadata returns the full object, and the short one says so.

type Json = Record<string, unknown>;

/** Members of the spec's License that a tool result keeps, with their meaning and schema unchanged. */
export const agentLicenseKeys = ['id', 'url', 'attribution', 'attribution_en', 'obligations'] as const;

export const fullTermsPointer =
  'Call get_metadata for the full terms (notices, layer licences, sources, UI requirements).';

export function agentLicense(license: unknown): Json {
  const full = (typeof license === 'object' && license !== null ? license : {}) as Json;
  const kept = agentLicenseKeys.filter((key) => full[key] !== undefined).map((key) => [key, full[key]]);
  return { ...Object.fromEntries(kept), full_terms: fullTermsPointer };
}

// The short licence's schema, cut from the spec's License schema (inlined), so the kept members stay exact.
export function agentLicenseSchema(license: JsonSchema): JsonSchema {
  const properties = (license.properties ?? {}) as Json;
  const required = (license.required ?? []) as string[];
  const kept = agentLicenseKeys.filter((key) => key in properties);
  return {
    type: 'object',
    description: 'The terms an agent acts on: attribution, licence id and URL, obligations.',
    required: [...kept.filter((key) => required.includes(key)), 'full_terms'],
    properties: {
      ...Object.fromEntries(kept.map((key) => [key, properties[key]])),
      full_terms: { type: 'string', minLength: 1 },
    },
  };
}
