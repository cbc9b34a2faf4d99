import type { ServedRelease } from '../data/served-release.ts';
import { attachedJsonOf } from '../json/attached.ts';
import type { ByteWriter } from '../json/byte-writer.ts';
import type { HandlerContext } from './context.ts';
import { type LentBody, writeBody } from './lent-body.ts';

// The common fields of every successful place-lookup response. A handler may set `quality_policy`, `note` and
// `warnings` in its body; everything else in the envelope comes from the served release and the request.

const defaultPolicy = { requested: 'released', generation: null, experimental_included: false };

export function wrapInEnvelope(body: Record<string, unknown>, ctx: HandlerContext): Record<string, unknown> {
  const { quality_policy, note, warnings, ...rest } = body;
  const manifest = ctx.data.manifest;
  return {
    api_version: 'v1',
    data_language: 'ja',
    snapshot: ctx.data.record.release_id,
    request_id: ctx.requestId,
    data_as_of: manifest.data_as_of ?? null,
    quality_policy: quality_policy ?? defaultPolicy,
    license: manifest.license,
    note: typeof note === 'string' ? note : '',
    warnings: [...ctx.warnings, ...((warnings as string[] | undefined) ?? [])],
    ...rest,
  };
}

// The same envelope as JSON text, without printing the parts that never change while a release is served: the
// license object alone is about 2.3 KB, more than half of a coverage answer. The release's fragments are printed
// once; the handler's own fields are printed by `printRest`. Whatever this cannot splice exactly (a handler field
// named like an envelope field, a value JSON leaves out) is printed whole, as wrapInEnvelope + JSON.stringify.

const envelopeKeys = ['api_version', 'data_language', 'snapshot', 'request_id', 'data_as_of', 'license'] as const;
const defaultPolicyJson = JSON.stringify(defaultPolicy);

// The release's fragments as JSON text, and as the UTF-8 bytes around the request's own values.
interface ReleaseHead {
  snapshot: string;
  dataAsOf: string;
  license: string;
  bytes: { opening: Buffer; dataAsOf: Buffer; license: Buffer };
}
const releaseHeads = new WeakMap<ServedRelease, ReleaseHead | null>();

function releaseHeadOf(release: ServedRelease): ReleaseHead | null {
  let head = releaseHeads.get(release);
  if (head === undefined) {
    const snapshot = JSON.stringify(release.record.release_id);
    const dataAsOf = JSON.stringify(release.manifest.data_as_of ?? null);
    const license = JSON.stringify(release.manifest.license);
    head =
      snapshot === undefined || license === undefined
        ? null
        : {
            snapshot,
            dataAsOf,
            license,
            bytes: {
              opening: Buffer.from(`{"api_version":"v1","data_language":"ja","snapshot":${snapshot},"request_id":`),
              dataAsOf: Buffer.from(`,"data_as_of":${dataAsOf},"quality_policy":`),
              license: Buffer.from(`,"license":${license},"note":`),
            },
          };
    releaseHeads.set(release, head);
  }
  return head;
}

const startsWithDigit = (key: string) => key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57;

interface SplicedParts {
  head: ReleaseHead;
  policy: string;
  note: string;
  warnings: string[];
  rest: Record<string, unknown>;
}

// The body cut into the envelope's parts, or null when splicing could not print exactly what JSON.stringify of
// wrapInEnvelope prints (a handler field named like an envelope field; integer-like keys, which come first in a JS
// object whatever their place; a release whose fragments JSON leaves out).
function spliceParts(body: Record<string, unknown>, ctx: HandlerContext): SplicedParts | null {
  const head = releaseHeadOf(ctx.data);
  const { quality_policy, note, warnings, ...rest } = body;
  const clash = envelopeKeys.some((key) => key in rest) || Object.keys(rest).some(startsWithDigit);
  const policy =
    quality_policy === undefined || quality_policy === null ? defaultPolicyJson : JSON.stringify(quality_policy);
  if (!head || clash || policy === undefined) return null;
  return {
    head,
    policy,
    note: typeof note === 'string' ? note : '',
    warnings: [...ctx.warnings, ...((warnings as string[] | undefined) ?? [])],
    rest,
  };
}

export type PrintJson = (value: unknown) => string;

export function printEnvelope(
  body: Record<string, unknown>,
  ctx: HandlerContext,
  printRest: PrintJson = JSON.stringify,
): string {
  const parts = spliceParts(body, ctx);
  if (!parts) return JSON.stringify(wrapInEnvelope(body, ctx));
  const { head, policy, note, warnings, rest } = parts;
  const restJson = printRest(rest);
  const tail = restJson === '{}' ? '}' : `,${restJson.slice(1)}`;
  return (
    `{"api_version":"v1","data_language":"ja","snapshot":${head.snapshot},"request_id":${JSON.stringify(ctx.requestId)}` +
    `,"data_as_of":${head.dataAsOf},"quality_policy":${policy},"license":${head.license},"note":${JSON.stringify(note)}` +
    `,"warnings":${JSON.stringify(warnings)}${tail}`
  );
}

// printEnvelope as UTF-8 bytes in pooled memory (lent-body.ts), the release's fragments encoded once, and the rest
// of the body printed field by field: a value whose JSON a handler attached (json/attached.ts) by its printer, any
// other by JSON.stringify. That is JSON.stringify(rest) piece by piece (the keys come in the same order and a value
// JSON leaves out is left out), since no body value has a toJSON method that depends on its key.
const keyParts = new Map<string, Buffer>();
const maxKeyParts = 1024;

// `,"key":` in UTF-8; handlers' keys are few and fixed, so they are kept (up to a bound, in case that changes).
function keyPartOf(key: string): Buffer {
  let part = keyParts.get(key);
  if (!part) {
    part = Buffer.from(`,${JSON.stringify(key)}:`);
    if (keyParts.size < maxKeyParts) keyParts.set(key, part);
  }
  return part;
}

function writeRest(writer: ByteWriter, rest: Record<string, unknown>): void {
  for (const key of Object.keys(rest)) {
    const value = rest[key];
    const print = attachedJsonOf(value);
    if (print) {
      writer.bytes(keyPartOf(key));
      print(writer);
      continue;
    }
    const json = JSON.stringify(value) as string | undefined;
    if (json === undefined) continue;
    writer.bytes(keyPartOf(key));
    writer.text(json);
  }
  writer.ascii('}');
}

export function printEnvelopeBody(body: Record<string, unknown>, ctx: HandlerContext): LentBody {
  const parts = spliceParts(body, ctx);
  if (!parts) return writeBody((writer) => writer.text(JSON.stringify(wrapInEnvelope(body, ctx))));
  const { head, policy, note, warnings, rest } = parts;
  return writeBody((writer) => {
    writer.bytes(head.bytes.opening);
    writer.jsonString(ctx.requestId);
    writer.bytes(head.bytes.dataAsOf);
    writer.text(policy);
    writer.bytes(head.bytes.license);
    writer.jsonString(note);
    writer.ascii(',"warnings":');
    writer.text(JSON.stringify(warnings));
    writeRest(writer, rest);
  });
}
