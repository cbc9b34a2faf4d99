import { describe, expect, it } from 'vitest';
import { deriveOutputSchema } from '../../core/mcp/schemas.ts';
import { buildMcpTools } from '../../core/mcp/tools.ts';
import { loadSpec, specFiles } from '../../core/spec.ts';

// Every schema tools/list advertises, walked with the rules of the MCP Inspector's schema-portability check
// (`npx @modelcontextprotocol/inspector --cli <url> --method tools/list`; rules as of inspector 2.12): a `type`
// array (type-union), a schema object without any validation keyword (untyped-schema), a bare true/false where a
// schema object is expected (boolean-schema) and a `$ref` outside the document (remote-ref). Plus `nullable`, which
// is OpenAPI 3.0 and no JSON Schema keyword: a client would ignore it and reject every null.

type Json = Record<string, unknown>;

const spec = loadSpec(specFiles.placeLookup);
const handlers = Object.fromEntries(spec.operations.map((operation) => [operation.operationId, () => ({})]));
const tools = buildMcpTools(spec, handlers);

const mapKeywords = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies', '$defs', 'definitions'];
const listKeywords = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const oneKeywords = ['items', 'contains', 'not', 'propertyNames', 'if', 'then', 'else', 'contentSchema'];
const booleanAllowed = ['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems'];
const constraining = new Set([
  ...['type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  ...['maxLength', 'minLength', 'pattern', 'format', 'contentMediaType', 'contentEncoding', 'contentSchema'],
  ...['maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties'],
  ...['required', 'dependentRequired', 'allOf', 'anyOf', 'oneOf', 'not', 'items', 'prefixItems', 'contains'],
  ...['additionalItems', 'unevaluatedItems', 'properties', 'patternProperties', 'additionalProperties'],
  ...['unevaluatedProperties', 'propertyNames', 'dependentSchemas', 'dependencies', '$ref', '$dynamicRef'],
  '$recursiveRef',
]);

function children(node: Json, path: string): [unknown, string, string][] {
  const found: [unknown, string, string][] = [];
  for (const key of mapKeywords) {
    const map = node[key];
    if (typeof map !== 'object' || map === null || Array.isArray(map)) continue;
    for (const [name, child] of Object.entries(map)) found.push([child, `${path}.${key}.${name}`, key]);
  }
  for (const key of listKeywords) {
    const list = Array.isArray(node[key]) ? (node[key] as unknown[]) : [];
    for (const [i, child] of list.entries()) found.push([child, `${path}.${key}[${i}]`, key]);
  }
  for (const key of [...oneKeywords, ...booleanAllowed]) {
    if (!(key in node)) continue;
    const value = node[key];
    if (!Array.isArray(value)) found.push([value, `${path}.${key}`, key]);
    else for (const [i, child] of value.entries()) found.push([child, `${path}.${key}[${i}]`, key]);
  }
  return found;
}

function portabilityFindings(schema: unknown, path = '', keyword?: string): string[] {
  if (typeof schema === 'boolean') {
    return keyword !== undefined && booleanAllowed.includes(keyword) ? [] : [`${path}: bare ${schema} as a schema`];
  }
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Json;
  const findings: string[] = [];
  if (Array.isArray(node.type)) findings.push(`${path}: type is an array ${JSON.stringify(node.type)}`);
  if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) findings.push(`${path}: remote $ref`);
  if ('nullable' in node) findings.push(`${path}: nullable is not JSON Schema`);
  const constrains =
    Object.keys(node).some((key) => constraining.has(key)) || ('if' in node && ('then' in node || 'else' in node));
  if (!constrains && keyword !== 'not') findings.push(`${path}: no validation keyword (accepts anything)`);
  for (const [child, childPath, childKeyword] of children(node, path)) {
    findings.push(...portabilityFindings(child, childPath, childKeyword));
  }
  return findings;
}

describe('the walker finds what the Inspector warns about', () => {
  it.each([
    [{ type: ['string', 'null'] }, /type is an array/],
    [{ type: 'object', properties: { x: { description: 'anything' } } }, /properties\.x: no validation keyword/],
    [{ type: 'array', items: true }, /bare true/],
    [{ $ref: 'https://example.com/s.json' }, /remote \$ref/],
    [{ type: 'string', nullable: true }, /nullable/],
  ])('%j', (schema, finding) => {
    expect(portabilityFindings(schema).join('\n')).toMatch(finding);
  });

  it('accepts anyOf branches of one type each, and additionalProperties: false', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: { x: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
    };
    expect(portabilityFindings(schema)).toEqual([]);
  });
});

describe('every advertised tool schema is portable', () => {
  it("finds what to fix in the spec's own response schemas (nullable members as type arrays)", () => {
    const operation = spec.operations.find((candidate) => candidate.operationId === 'get_meta');
    const findings = portabilityFindings(deriveOutputSchema(spec, operation as never), 'outputSchema');
    if (process.env.SHOW_PORTABILITY) console.log(findings.join('\n'));
    expect(findings.join('\n')).toMatch(/type is an array/);
  });

  it.each(tools.map((tool) => [tool.name, tool.definition] as const))('%s', (_name, definition) => {
    expect(portabilityFindings(definition.inputSchema, 'inputSchema')).toEqual([]);
    expect(portabilityFindings(definition.outputSchema, 'outputSchema')).toEqual([]);
  });
});
