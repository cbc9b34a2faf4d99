import { describe, expect, it } from 'vitest';
import { DEFAULT_QUALITY } from '../../../core/data/quality.ts';
import { loadSpec } from '../../../core/spec.ts';

// The policy a request without `quality` gets is the one the place-lookup spec documents as the default.

describe('DEFAULT_QUALITY', () => {
  const operations = loadSpec('place-lookup.openapi.yaml').operations;
  const defaults = operations.flatMap((operation) =>
    operation.parameters
      .filter((parameter) => parameter.in === 'query' && parameter.name === 'quality')
      .map((parameter) => [operation.operationId, parameter.schema.default] as const),
  );

  it('is the spec’s default for every operation with a quality parameter', () => {
    expect(defaults.length).toBeGreaterThan(0);
    for (const [operationId, value] of defaults) expect(value, operationId).toBe(DEFAULT_QUALITY);
  });
});
