import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../../core/context.ts';
import type { ServedRelease } from '../../../core/data/served-release.ts';
import { wrapInEnvelope } from '../../../core/envelope.ts';
import { printEnvelopeBody } from '../../../core/http/envelope.ts';
import { PrintedList } from '../../../core/json/printed-list.ts';

// The envelope printer must print exactly the bytes of JSON.stringify of the envelope. Real handler bodies of every
// /v1 operation: test/integration/serialise.test.ts.

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

describe('printEnvelopeBody', () => {
  it('prints as UTF-8 what JSON.stringify prints for the envelope, whatever the handler returns', () => {
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
          // Handlers give warnings as strings; a drawn value of another type is turned into one (JSON text: String()
          // throws on an object whose toString is not a function).
          if (body.warnings !== undefined && !Array.isArray(body.warnings))
            body.warnings = [JSON.stringify(body.warnings) ?? 'undefined'];
          const reference = JSON.stringify(wrapInEnvelope(body, ctx));
          expect(Buffer.from(printEnvelopeBody(body, ctx).body).toString('utf8')).toBe(reference);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('writes a PrintedList field with its printer, without making its items', () => {
    const ctx = contextOf({ release_id: 'rel', license });
    const items = [
      { id: '1', summary: '歩道が広い' },
      { id: '2', summary: null },
    ];
    const results = new PrintedList(
      items.length,
      () => {
        throw new Error('the items were made');
      },
      (writer) => writer.text(JSON.stringify(items)),
    );
    const printed = printEnvelopeBody({ count: 2, results, note: 'n' }, ctx);
    const reference = JSON.stringify(wrapInEnvelope({ count: 2, results: items, note: 'n' }, ctx));
    expect(Buffer.from(printed.body).toString('utf8')).toBe(reference);
  });
});
