import { describe, expect, it } from 'vitest';
import { orderGenerations } from '../../../core/catalog/generations.ts';
import { policies, policiesJa } from '../../../core/catalog/policies.ts';
import type { GenerationRow } from '../../../core/release/types.ts';
import { loadSpec, type OperationSpec, type SpecDocument, specFiles } from '../../../core/spec.ts';
import { describeService } from '../../../handlers/place-lookup/get_index.ts';
import { manifestTables } from '../../../handlers/place-lookup/get_provenance.ts';

// The index is derived from a spec document, generations are ordered by version, and the provenance manifest's
// tables come from files and row_counts.

function operation(
  operationId: string,
  method: OperationSpec['method'],
  path: string,
  aliasOf?: string,
): OperationSpec {
  return {
    operationId,
    method,
    path,
    cacheControl: undefined,
    rateLimit: undefined,
    aliasOf,
    handledBy: undefined,
    maxBodyBytes: undefined,
    conditionErrorCode: undefined,
    parameters: [],
    hasBody: false,
    raw: { summary: `summary of ${operationId}` },
  };
}

describe('describeService', () => {
  it('lists operations as endpoints and aliases as alias → target, from the document given', () => {
    const spec: SpecDocument = {
      file: 'x.yaml',
      document: { info: { summary: 'A test service.' } },
      operations: [
        operation('list_things', 'get', '/v1/things'),
        operation('list_things_alias', 'get', '/v1/stuff', 'list_things'),
        operation('search', 'post', '/search'),
      ],
    };
    const index = describeService(spec, loadSpec(specFiles.service));
    expect(index.endpoints).toEqual({
      'GET /v1/things': 'summary of list_things',
      'POST /search': 'summary of search',
    });
    expect(index.aliases).toEqual({ 'GET /v1/stuff': 'GET /v1/things' });
    expect(index.description).toBe('A test service.');
  });

  it('on the real document, every operation appears exactly once, in one of the two maps', () => {
    const spec = loadSpec(specFiles.placeLookup);
    const service = loadSpec(specFiles.service);
    const index = describeService(spec, service);
    expect(index.docs).toBe(service.operations.find((op) => op.operationId === 'get_docs')?.path);
    const keys = [...Object.keys(index.endpoints), ...Object.keys(index.aliases)];
    expect(keys.sort()).toEqual(spec.operations.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort());
    expect(index.aliases).toMatchObject({
      'GET /v1/nearby': 'GET /v1/scenes/nearby',
      'GET /v1/node/{id}': 'GET /v1/scenes/{id}',
      'GET /v1/prov': 'GET /v1/provenance',
      'POST /vending/search': 'POST /amenities/search',
    });
  });

  it('states each policy in English and Japanese', () => {
    expect(policies.length).toBeGreaterThan(0);
    expect(policiesJa).toHaveLength(policies.length);
  });
});

function generation(id: string, version: number, status: GenerationRow['status']): GenerationRow {
  return {
    id,
    gen_id: id.split('-')[0] as string,
    status,
    version,
    model_family: null,
    model: null,
    prompt_version: null,
    output_contract: 'c',
    released_at: null,
    notes: null,
    evidence: null,
    stats: {
      n_verbalizations: 0,
      n_ok: 0,
      n_invalid: 0,
      n_released: 0,
      n_experimental: 0,
      n_deprecated: 0,
      n_scenes: 0,
    },
  };
}

describe('orderGenerations', () => {
  const rows = [
    generation('gen1-a', 1, 'released'),
    generation('gen3-c', 3, 'experimental'),
    generation('gen2-b', 2, 'released'),
  ];

  it.each([
    [null, ['gen3-c', 'gen2-b', 'gen1-a']],
    ['gen2-b', ['gen2-b', 'gen3-c', 'gen1-a']],
    ['gen9-unknown', ['gen3-c', 'gen2-b', 'gen1-a']],
  ])('default %s first, then version descending', (first, expected) => {
    expect(orderGenerations(rows, first).map((g) => g.id)).toEqual(expected);
  });

  it('keeps exactly the documented keys', () => {
    expect(Object.keys(orderGenerations(rows)[0] ?? {}).sort()).toEqual(
      [
        'evidence',
        'gen_id',
        'id',
        'model',
        'model_family',
        'notes',
        'output_contract',
        'prompt_version',
        'released_at',
        'stats',
        'status',
        'version',
      ].sort(),
    );
  });
});

describe('manifestTables', () => {
  it('pairs each file with its row count', () => {
    const tables = manifestTables({
      files: { scenes: 'scenes.ndjson.gz', schools: 'schools.ndjson' } as never,
      row_counts: { scenes: 12, schools: 0 } as never,
    });
    expect(tables).toEqual({
      scenes: { file: 'scenes.ndjson.gz', rows: 12 },
      schools: { file: 'schools.ndjson', rows: 0 },
    });
  });
});
