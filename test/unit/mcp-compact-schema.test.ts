import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { agentLicense, agentLicenseSchema, fullTermsPointer } from '../../core/mcp/agent-license.ts';
import { type CompactRules, compactSchema, firstSentence } from '../../core/mcp/compact-schema.ts';
import { toolOutputSchemas } from '../../core/mcp/output-schemas.ts';
import { deriveComponentSchema, deriveOutputSchema } from '../../core/mcp/schemas.ts';
import { loadSpec, specFiles } from '../../core/spec.ts';

// Compacting a response schema only drops constraints: whatever the source accepts, the compact form accepts.

const ajv = new Ajv2020({ strict: false });
addFormats.default(ajv);
const rules: CompactRules = { shapeDepth: 2, describeDepth: 0, maxEnum: 4, required: false };
const spec = loadSpec(specFiles.placeLookup);

function expectRelaxed(source: object, compact: object, valid: unknown[], invalid: unknown[] = []): void {
  const [full, small] = [ajv.compile(source), ajv.compile(compact)];
  for (const value of valid) {
    expect(full(value), JSON.stringify(value)).toBe(true);
    expect(small(value), JSON.stringify(value)).toBe(true);
  }
  for (const value of invalid) expect(small(value), JSON.stringify(value)).toBe(false);
}

const object = (properties: object, extra: object = {}) => ({ type: 'object', properties, ...extra });

describe('compactSchema', () => {
  it('writes a nullable member as anyOf branches of one type each', () => {
    const source = object({ year: { type: ['integer', 'null'], minimum: 1970, description: 'Capture year.' } });
    const compact = compactSchema(source, rules);
    expect(compact.properties).toEqual({ year: { anyOf: [{ type: 'integer' }, { type: 'null' }] } });
    expectRelaxed(source, compact, [{ year: 2019 }, { year: null }, {}], [{ year: 'x' }]);
  });

  it('types members below shapeDepth only, keeps short enums and the root description', () => {
    const source = object(
      {
        grade: { type: 'string', enum: ['A', 'B', 'C', 'D'] },
        ward: { type: 'string', enum: ['a', 'b', 'c', 'd', 'e'] },
        area: object({ center: object({ lat: { type: 'number' } }, { required: ['lat'] }) }),
      },
      { description: 'A town block. Longer text.', required: ['grade'] },
    );
    const compact = compactSchema(source, rules);
    expect(compact).toEqual({
      description: 'A town block.',
      type: 'object',
      properties: {
        grade: { type: 'string', enum: ['A', 'B', 'C', 'D'] },
        ward: { type: 'string' },
        area: { type: 'object', properties: { center: { type: 'object' } } },
      },
    });
    expectRelaxed(source, compact, [{ grade: 'A', area: { center: { lat: 1 } } }]);
  });

  it('stands one member for an allOf of non-objects, and merges an allOf of objects', () => {
    const evidence = { allOf: [{ type: ['string', 'null'] }, { type: ['string', 'null'], maxLength: 3 }] };
    const source = object({
      evidence,
      street: { allOf: [object({ id: { type: 'integer' } }), object({ dist_m: { type: 'number' } })] },
    });
    const compact = compactSchema(source, rules);
    expect((compact.properties as Record<string, object>).evidence).toEqual({
      anyOf: [{ type: 'string' }, { type: 'null' }],
    });
    expect((compact.properties as Record<string, object>).street).toEqual({
      type: 'object',
      properties: { id: { type: 'integer' }, dist_m: { type: 'number' } },
    });
    expectRelaxed(source, compact, [{ evidence: 'abc', street: { id: 1, dist_m: 2 } }, { evidence: null }]);
  });

  it('leaves out members that constrain nothing, and falls back to the type of required-only alternatives', () => {
    const source = object({
      anything: { description: 'Any value.' },
      wear: { type: 'array', items: {} },
      either: { type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }] },
    });
    const compact = compactSchema(source, rules);
    expect(compact.properties).toEqual({ wear: { type: 'array' }, either: { type: 'object' } });
    expectRelaxed(source, compact, [{ anything: [1], wear: [1, 'x'], either: { a: 1 } }]);
  });

  it('omits or types members by name, at any level', () => {
    const source = object({
      request_id: { type: 'string' },
      part: object({ query: object({ q: { type: 'string' } }) }),
    });
    const compact = compactSchema(source, { ...rules, members: { request_id: 'omit', query: 'typed' } });
    expect(compact.properties).toEqual({ part: { type: 'object', properties: { query: { type: 'object' } } } });
  });

  it('takes the first sentence, past abbreviations', () => {
    expect(firstSentence('Notices to read (e.g. machine-written). More.')).toBe(
      'Notices to read (e.g. machine-written).',
    );
    expect(firstSentence('No full stop')).toBe('No full stop');
    expect(firstSentence('')).toBeUndefined();
  });
});

describe('the licence of a tool result', () => {
  const license = deriveComponentSchema(spec, '#/components/schemas/License');
  const full = {
    id: 'terms-1',
    url: 'https://example.org/terms',
    attribution: '出典',
    attribution_en: 'Source',
    obligations: { use_in_results: ['cite'], display_or_quote_records: [], redistribute_as_data: [] },
    notices: ['long notice'],
    ui_requirements: ['long requirement'],
  };

  it('keeps attribution, licence id and URL and obligations, and points to get_metadata', () => {
    const short = agentLicense(full);
    expect(short).toEqual({
      id: 'terms-1',
      url: 'https://example.org/terms',
      attribution: '出典',
      attribution_en: 'Source',
      obligations: full.obligations,
      full_terms: fullTermsPointer,
    });
    expect(fullTermsPointer).toMatch(/get_metadata/);
    const validate = ajv.compile(agentLicenseSchema(license));
    expect(validate(short), ajv.errorsText(validate.errors)).toBe(true);
    expect(validate({ ...short, url: 7 })).toBe(false);
  });

  it('replaces the full licence in every exact output schema but get_metadata', () => {
    for (const [operationId, tool] of [
      ['get_coverage', 'coverage'],
      ['get_meta', 'get_metadata'],
    ] as const) {
      const operation = spec.operations.find((candidate) => candidate.operationId === operationId);
      const { exact, advertised } = toolOutputSchemas(spec, tool, deriveOutputSchema(spec, operation as never));
      const properties = exact.properties as Record<string, { required?: string[] }>;
      expect(properties.license?.required?.includes('full_terms')).toBe(tool !== 'get_metadata');
      expect(Object.keys(advertised.properties as object)).toEqual(
        tool === 'get_metadata'
          ? expect.arrayContaining(['api_version', 'snapshot', 'request_id', 'data_as_of', 'quality_policy', 'license'])
          : expect.not.arrayContaining(['api_version', 'snapshot', 'request_id', 'data_as_of', 'quality_policy']),
      );
    }
  });
});
