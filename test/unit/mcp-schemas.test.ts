import Ajv from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { toDecimalText } from '../../core/mcp/arguments.ts';
import { deriveInputSchema, deriveOutputSchema, mergeAllOf } from '../../core/mcp/schemas.ts';
import { buildMcpTools } from '../../core/mcp/tools.ts';
import { loadSpec, specFiles } from '../../core/spec.ts';

// Tool schemas derived from the spec: what tools/list shows an agent, and what a client can compile.

const spec = loadSpec(specFiles.placeLookup);
const toolOperations = spec.operations.filter((operation) => operation.raw['x-mcp-tool']);
const stub = () => ({});
const handlers = Object.fromEntries(spec.operations.map((operation) => [operation.operationId, stub]));
const tools = buildMcpTools(spec, handlers);

const inputOf = (operationId: string) => {
  const operation = spec.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(operationId);
  return deriveInputSchema(spec, operation) as { properties: Record<string, any>; required?: string[] } & object;
};

describe('tools derived from the spec', () => {
  it('are the 10 operations with x-mcp-tool plus describe_location', () => {
    expect(toolOperations).toHaveLength(10);
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'changes_near',
        'coverage',
        'describe_area',
        'describe_location',
        'describe_street',
        'find_amenities',
        'find_area',
        'find_school',
        'find_street',
        'get_metadata',
        'get_scene',
      ].sort(),
    );
  });

  it('inputSchema: one closed object; lat/lon JSON numbers with ranges; no deprecated legacy parameter', () => {
    const changes = inputOf('list_changes_nearby');
    expect(changes).toMatchObject({ type: 'object', additionalProperties: false, required: ['lat', 'lon'] });
    expect(changes.properties.lat).toMatchObject({ type: 'number', minimum: -90, maximum: 90 });
    expect(changes.properties.lon).toMatchObject({ type: 'number', minimum: -180, maximum: 180 });
    expect(changes.properties).not.toHaveProperty('radius');
    expect(Object.keys(inputOf('get_scene').properties)).not.toContain('gen');
  });

  it('inputSchema keeps ranges, defaults, enums and descriptions, and requires path parameters', () => {
    const coverage = inputOf('get_coverage');
    expect(coverage.properties.radius_m).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000, default: 300 });
    expect(coverage.properties.quality).toMatchObject({
      enum: ['released', 'include_experimental', 'experimental_only'],
      default: 'released',
    });
    expect(coverage.properties.radius_m.description).toMatch(/radius/i);
    expect(inputOf('get_scene').required).toEqual(['id']);
    expect(inputOf('get_scene').properties.id).toMatchObject({ type: 'string', pattern: '^[0-9]{1,25}$' });
    expect(inputOf('get_street').properties.street_id).toMatchObject({ type: 'integer', minimum: 1 });
    expect(inputOf('get_meta')).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  it('outputSchema: the 200 schema, inlined into one object with the envelope fields required', () => {
    const operation = spec.operations.find((candidate) => candidate.operationId === 'get_coverage');
    const output = deriveOutputSchema(spec, operation as never) as { required: string[]; properties: object };
    expect(output.required).toEqual(expect.arrayContaining(['api_version', 'request_id', 'license', 'scenes_total']));
    expect(output.properties).toHaveProperty('counting_notes');
  });

  it.each(tools.map((tool) => [tool.name, tool] as const))(
    '%s: schemas are self-contained and compile in draft-07 and 2020-12',
    (_name, tool) => {
      const { inputSchema, outputSchema } = tool.definition;
      expect(JSON.stringify([inputSchema, outputSchema])).not.toMatch(/"\$ref"|"x-/);
      expect(outputSchema?.type).toBe('object');
      // The official SDK client compiles outputSchema with ajv's default (draft-07) dialect.
      const draft7 = new Ajv.default({ strict: false, validateSchema: false });
      addFormats.default(draft7);
      const draft2020 = new Ajv2020({ strict: false });
      addFormats.default(draft2020);
      for (const ajv of [draft7, draft2020]) {
        expect(() => ajv.compile(outputSchema as object)).not.toThrow();
        expect(() => ajv.compile(inputSchema)).not.toThrow();
      }
      expect(tool.definition.annotations).toEqual({
        title: tool.definition.title,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
    },
  );
});

describe('mergeAllOf', () => {
  it('unites properties and required names of object members, nested allOf included', () => {
    const merged = mergeAllOf({
      allOf: [
        { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
        { allOf: [{ type: 'object', required: ['b'], properties: { b: { type: 'integer' } } }] },
      ],
    });
    expect(merged).toEqual({
      type: 'object',
      required: ['a', 'b'],
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
    });
  });

  it('keeps members that are not plain objects in an allOf', () => {
    const merged = mergeAllOf({ allOf: [{ type: 'object', properties: {} }, { not: { required: ['x'] } }] });
    expect(merged.allOf).toEqual([{ not: { required: ['x'] } }]);
  });
});

describe('toDecimalText', () => {
  it.each([
    [35.7078, '35.7078'],
    [139, '139'],
    [-0, '0'],
    [1e-7, '0.0000001'],
    [-2.5e-9, '-0.0000000025'],
  ])('%d → %s (the strict REST coordinate grammar)', (value, text) => {
    expect(toDecimalText(value)).toBe(text);
    expect(text).toMatch(/^-?[0-9]+(\.[0-9]+)?$/);
  });
});
