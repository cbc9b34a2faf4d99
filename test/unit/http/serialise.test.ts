import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSerialiserMode as serialiserModeOf } from '../../../core/config.ts';
import type { HandlerContext } from '../../../core/context.ts';
import type { ServedRelease } from '../../../core/data/served-release.ts';
import { printEnvelope, printEnvelopeBody, wrapInEnvelope } from '../../../core/http/envelope.ts';
import { compileSerialisers, makeLossless, restSchemaOf } from '../../../core/http/serialise.ts';
import { loadSpec, specFiles } from '../../../core/spec.ts';
import { encodeJsonText } from '../../../scripts/bench/utf8.ts';

// The printers must mean exactly what JSON.stringify of the envelope means; the spliced one (the default) must even
// print the same bytes. Real handler bodies of every /v1 operation: test/integration/serialise.test.ts.

const license = {
  id: 'machimi-demo',
  notices: ['合成データ: 画像ID・座標はすべて架空です。', 'Synthetic data'],
  layers: { observation: 'CC0-1.0' },
  schema_version: 1,
};

function contextOf(release: { release_id: unknown; data_as_of?: unknown; license?: unknown }, warnings: string[] = []) {
  const data = {
    record: { release_id: release.release_id },
    manifest: { data_as_of: release.data_as_of, license: release.license },
  } as unknown as ServedRelease;
  return { requestId: '3f0c6a52-8d1e-4b7a-9c2f-5e61d0a4b8c7', warnings, data } as unknown as HandlerContext;
}

const envelopeNames = ['api_version', 'license', 'snapshot', 'note', 'warnings', 'quality_policy', 'request_id'];
const bodyArbitrary = fc.dictionary(
  fc.oneof(fc.constantFrom(...envelopeNames, 'query', 'results', 'count'), fc.string({ maxLength: 4 })),
  fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.string({ unit: 'binary', maxLength: 8 })),
  { maxKeys: 6 },
);

describe('printEnvelope', () => {
  it('prints (as text and as UTF-8) what JSON.stringify prints for the envelope, whatever the handler returns', () => {
    fc.assert(
      fc.property(
        bodyArbitrary,
        fc.record({
          release_id: fc.oneof(fc.string(), fc.constant(undefined)),
          data_as_of: fc.oneof(fc.constant('2026-10-31'), fc.constant(undefined), fc.constant(null)),
          license: fc.oneof(fc.constant(license), fc.constant(undefined), fc.jsonValue()),
        }),
        fc.array(fc.string(), { maxLength: 2 }),
        (body, release, warnings) => {
          const ctx = contextOf(release, warnings);
          if (body.warnings !== undefined && !Array.isArray(body.warnings)) body.warnings = [String(body.warnings)];
          const reference = JSON.stringify(wrapInEnvelope(body, ctx));
          expect(printEnvelope(body, ctx)).toBe(reference);
          expect(Buffer.from(printEnvelopeBody(body, ctx).body).toString('utf8')).toBe(reference);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('prints the handler part with the given printer', () => {
    const ctx = contextOf({ release_id: 'rel', license });
    const printed = printEnvelope({ count: 1, quality_policy: { requested: 'released' } }, ctx, () => '{"x":2}');
    expect(JSON.parse(printed)).toEqual({
      ...wrapInEnvelope({ quality_policy: { requested: 'released' } }, ctx),
      x: 2,
    });
  });
});

describe('encodeJsonText', () => {
  it('gives the bytes Buffer.from gives, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.string()), (text) => {
        expect(Buffer.from(encodeJsonText(text)).equals(Buffer.from(text, 'utf8'))).toBe(true);
        const json = JSON.stringify(text);
        expect(Buffer.from(encodeJsonText(json)).equals(Buffer.from(json, 'utf8'))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('compiled serialisers', () => {
  it('make every object schema keep keys it does not declare', () => {
    const lossless = makeLossless({
      type: 'object',
      additionalProperties: false,
      properties: {
        free: { type: ['object', 'null'] },
        list: { type: 'array', items: { properties: { a: { type: 'string' } } } },
        either: { anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] },
        type: { type: 'string' },
      },
      examples: [{ type: 'object' }],
    }) as Record<string, any>;
    expect(lossless.additionalProperties).toBe(true);
    expect(lossless.properties.free.additionalProperties).toBe(true);
    expect(lossless.properties.list.items.additionalProperties).toBe(true);
    expect(lossless.properties.either.anyOf[0].additionalProperties).toBe(true);
    expect(lossless.properties.type).toEqual({ type: 'string' });
    expect(lossless.examples).toEqual([{ type: 'object' }]);
  });

  // Only place lookup is printed by them (the explore spec's search_scenes 200 schema is an allOf fast-json-stringify
  // cannot merge: explore answers stay on JSON.stringify).
  it('compile every place-lookup operation, whole and without the envelope', () => {
    const spec = loadSpec(specFiles.place);
    for (const part of ['whole', 'rest'] as const) {
      const { byOperation, refused } = compileSerialisers(spec, part);
      expect([...refused.keys()]).toEqual([]);
      if (part === 'whole') {
        const operations = spec.operations.filter((operation) => !operation.handledBy);
        expect([...byOperation.keys()].sort()).toEqual(operations.map((operation) => operation.operationId).sort());
      }
    }
  }, 60_000);

  it('keep extra keys and free-form objects, and fall back to JSON.stringify when the body breaks the schema', () => {
    const spec = loadSpec(specFiles.place);
    const scene = compileSerialisers(spec, 'rest').byOperation.get('get_scene');
    if (!scene) throw new Error('no serialiser for get_scene');
    const body = {
      scene: { id: '18446744073709551615', lat: 35.1, lon: 139.2, extra: { deep: [1, '二'] } },
      verbalization: { summary: '歩道', analysis: { road_context: { 用途: '商業' }, unknown_key: [null, { a: 1 }] } },
      machine: { anything: { goes: true } },
      undeclared: 'kept',
    };
    expect(JSON.parse(scene(body))).toEqual(body);
    const missingRequired = { count: 'not a number' };
    expect(JSON.parse(scene(missingRequired))).toEqual(missingRequired);
  });

  it('read the part of a 200 schema besides the envelope', () => {
    const envelope = { $ref: '#/components/schemas/Envelope' };
    expect(restSchemaOf({ allOf: [envelope, { $ref: '#/x' }] })).toEqual({ $ref: '#/x' });
    expect(restSchemaOf({ allOf: [envelope, { $ref: '#/x' }, { $ref: '#/y' }] })).toEqual({
      allOf: [{ $ref: '#/x' }, { $ref: '#/y' }],
    });
    expect(restSchemaOf({ type: 'object' })).toBeUndefined();
  });
});

describe('MACHIMI_SERIALISER', () => {
  it('defaults to spliced and refuses unknown values', () => {
    expect(serialiserModeOf({})).toBe('spliced');
    expect(serialiserModeOf({ MACHIMI_SERIALISER: 'compiled' })).toBe('compiled');
    expect(() => serialiserModeOf({ MACHIMI_SERIALISER: 'fast' })).toThrow(/MACHIMI_SERIALISER/);
  });
});
