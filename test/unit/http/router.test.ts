import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SpecRouter } from '../../../core/http/router.ts';
import { loadSpec, specFiles } from '../../../core/spec.ts';
import { expectEqual } from '../../helpers/expect-equal.ts';

// The precomputed route table and the direct validator calls must decide exactly as openapi-backend does (which the
// router still holds, for validator compilation and bodies).

const faces = Object.values(specFiles).map((file) => ({ file, spec: loadSpec(file) }));
const routers = new Map<string, SpecRouter>();
beforeAll(async () => {
  for (const { file, spec } of faces) routers.set(file, await SpecRouter.create(spec));
});

function attempt<T>(run: () => T): T | Error {
  try {
    return run();
  } catch (error) {
    return error as Error;
  }
}

const methods = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options'];

// Paths near the spec's own: every template with its parameters filled, cut, extended, doubled slashes, encoded.
function pathArbitrary(templates: string[]): fc.Arbitrary<string> {
  const segment = fc.oneof(
    fc.constantFrom('123', 'nearby', 'search', 'at', '%31%32', 'a%2Fb', 'chg_0123456789ab', '1_2', '{id}', ''),
    fc.stringMatching(/^[a-z0-9_%.-]{0,6}$/),
  );
  const filled = fc
    .tuple(fc.constantFrom(...templates), segment)
    .map(([template, value]) => template.replace(/\{[^}]+\}/g, value));
  return fc.oneof(
    filled,
    fc.tuple(filled, fc.constantFrom('', '/', '//', '/x', '?a=1', '/?b=2', ' ')).map(([path, tail]) => path + tail),
    fc.tuple(filled, fc.nat(40)).map(([path, cut]) => path.slice(0, cut)),
    filled.map((path) => path.replace('/', '//')),
    fc.constantFrom('/', '', '/v1', '/v1/', '/explore', '/explore/api', 'v1/meta', '/v1/scenes/'),
  );
}

describe.each(faces)('SpecRouter on $file', ({ file, spec }) => {
  const templates = spec.operations.map((operation) => operation.path);

  it('routes every method and path as openapi-backend matchOperation + parseRequest', () => {
    const router = routers.get(file) as SpecRouter;
    const backend = router.backend.router;
    fc.assert(
      fc.property(fc.constantFrom(...methods), pathArbitrary(templates), (method, path) => {
        const request = { method, path, headers: {} };
        const expected = backend.matchOperation(request);
        // A malformed percent-encoding in a path parameter throws in both (h3 answers 400 before either runs).
        const expectedParams = attempt(() => expected && backend.parseRequest(request, expected).params);
        const routed = attempt(() => router.route(method.toUpperCase(), path));
        if (expectedParams instanceof URIError) {
          expect(routed).toBeInstanceOf(URIError);
          return;
        }
        if (expected?.operationId) {
          expect(routed).toMatchObject({ kind: 'match', match: { operation: { operationId: expected.operationId } } });
          expect(routed).toMatchObject({ match: { pathParams: expectedParams } });
        } else {
          expect(routed).not.toMatchObject({ kind: 'match' });
          // The operations openapi-backend would match on this path with their own method, in spec order (one
          // lookup per method: the reference rebuilds its operation list on every call).
          const matched = new Map(
            [...new Set(spec.operations.map((op) => op.method))].map((m) => [
              m,
              backend.matchOperation({ method: m, path, headers: {} })?.operationId,
            ]),
          );
          const allow = spec.operations
            .filter((op) => matched.get(op.method) === op.operationId)
            .map((op) => op.method.toUpperCase());
          expect(router.allowedMethods(path)).toEqual([...new Set(allow)]);
        }
      }),
      // The reference is slow (openapi-backend rebuilds its operation list per lookup), hence fewer runs.
      { numRuns: 600 },
    );
  }, 120_000);

  it('validates query and path parameters as openapi-backend validateRequest', () => {
    const router = routers.get(file) as SpecRouter;
    // Given by object, not by id: looking an id up rebuilds the reference's whole operation list on every call.
    const backendOperations = new Map(router.backend.router.getOperations().map((op) => [op.operationId, op]));
    const operations = spec.operations.filter((operation) => !operation.hasBody && !operation.handledBy);
    const value = fc.oneof(
      fc.constantFrom('1', '0', '-5', '35.7', '500', '50', 'released', 'experimental_only', 'gen1-hostedvl', ''),
      fc.constantFrom('vending_machine', 'metadata,analysis', '2020', '99999', 'abc', '1e3', 'true', 'A'),
      fc.string({ maxLength: 6 }),
    );
    const arbitrary = fc.constantFrom(...operations).chain((operation) => {
      const names = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      return fc.record({
        operation: fc.constant(operation),
        query: fc.dictionary(fc.constantFrom(...names, 'unknown'), value, { maxKeys: 6 }),
        pathValue: value,
      });
    });
    fc.assert(
      fc.property(arbitrary, ({ operation, query, pathValue }) => {
        const path = operation.path.replace(/\{[^}]+\}/g, encodeURIComponent(pathValue) || 'x');
        const routed = router.route(operation.method.toUpperCase(), path);
        if (routed.kind !== 'match' || routed.match.operation !== operation) return;
        const { match } = routed;
        const expected = router.backend.validator.validateRequest(
          { method: operation.method, path, headers: {}, query: { ...query }, params: { ...match.pathParams } },
          backendOperations.get(operation.operationId),
        );
        const actual = router.validate(match, query, undefined, {});
        expectEqual(actual.errors, expected.errors ?? []);
        if (actual.errors.length === 0) {
          expectEqual(actual.query, expected.coerced?.query);
          expectEqual(actual.path, expected.coerced?.params);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
