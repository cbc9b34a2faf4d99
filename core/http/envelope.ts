import type { HandlerContext } from '../context.ts';
import type { ServedRelease } from '../data/served-release.ts';
import { defaultPolicy, envelopeKeys, wrapInEnvelope } from '../envelope.ts';
import type { ByteWriter } from '../json/byte-writer.ts';
import { writeFlatJson } from '../json/flat-json.ts';
import { PrintedList } from '../json/printed-list.ts';
import { type LentBody, writeBody } from './lent-body.ts';

// The same envelope as UTF-8 bytes in pooled memory (lent-body.ts), without printing the parts that never change
// while a release is served: the license object alone is about 2.3 KB, more than half of a coverage answer. The
// release's fragments are encoded once; the handler's own fields are printed per request. Whatever this cannot
// print exactly as JSON.stringify of wrapInEnvelope (a handler field named like an envelope field; integer-like
// keys, which come first in a JS object whatever their place; a release whose fragments JSON leaves out) is printed
// whole, as wrapInEnvelope + JSON.stringify.

const defaultPolicyJson = JSON.stringify(defaultPolicy);

// The UTF-8 bytes of the release's fragments around the request's own values.
interface ReleaseHead {
  opening: Buffer;
  dataAsOf: Buffer;
  license: Buffer;
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
            opening: Buffer.from(`{"api_version":"v1","data_language":"ja","snapshot":${snapshot},"request_id":`),
            dataAsOf: Buffer.from(`,"data_as_of":${dataAsOf},"quality_policy":`),
            license: Buffer.from(`,"license":${license},"note":`),
          };
    releaseHeads.set(release, head);
  }
  return head;
}

const startsWithDigit = (key: string) => key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57;

// The handler's own fields are printed one by one: a PrintedList (json/printed-list.ts) by its own printer, a scalar
// or a flat object of scalars by json/flat-json.ts, any other by JSON.stringify. That is JSON.stringify(rest) piece by
// piece (the keys come in the same order and a value JSON leaves out is left out), since no body value has a toJSON
// method that depends on its key (a PrintedList's gives its items whatever the key). Texts that repeat from request
// to request (keys, notes, quality policies) are kept as their UTF-8 JSON, up to a bound each: encoding a Japanese
// note per request cost more than the rest of the envelope.
class PrintedTexts {
  readonly #bytes = new Map<string, Buffer>();
  readonly #print: (text: string) => string;
  readonly #bound: number;

  constructor(print: (text: string) => string, bound = 1024) {
    this.#print = print;
    this.#bound = bound;
  }

  of(text: string): Buffer {
    let bytes = this.#bytes.get(text);
    if (!bytes) {
      bytes = Buffer.from(this.#print(text));
      if (this.#bytes.size < this.#bound) this.#bytes.set(text, bytes);
    }
    return bytes;
  }
}

// `,"key":`; handlers' keys are few and fixed.
const keyParts = new PrintedTexts((key) => `,${JSON.stringify(key)}:`);
// A note as a JSON string; notes are made from a few sentences.
const noteTexts = new PrintedTexts((note) => JSON.stringify(note));
// A quality policy's JSON, already printed, as bytes.
const policyTexts = new PrintedTexts((json) => json, 64);
const handlerEnvelopeKeys = new Set(['quality_policy', 'note', 'warnings']);
const emptyWarnings = Buffer.from(',"warnings":[]');

function writeRest(writer: ByteWriter, body: Record<string, unknown>): void {
  for (const key of Object.keys(body)) {
    if (handlerEnvelopeKeys.has(key)) continue;
    const value = body[key];
    if (value instanceof PrintedList) {
      writer.bytes(keyParts.of(key));
      value.print(writer);
      continue;
    }
    const before = writer.length;
    writer.bytes(keyParts.of(key));
    if (writeFlatJson(writer, value)) continue;
    writer.advance(before);
    const json = JSON.stringify(value) as string | undefined;
    if (json === undefined) continue;
    writer.bytes(keyParts.of(key));
    writer.text(json);
  }
  writer.ascii('}');
}

// Whether the release's fragments can be spliced around the body (see above), without copying it.
function isSpliceable(body: Record<string, unknown>): boolean {
  for (const key of Object.keys(body)) {
    if (startsWithDigit(key) || (envelopeKeys as readonly string[]).includes(key)) return false;
  }
  return true;
}

export function printEnvelopeBody(body: Record<string, unknown>, ctx: HandlerContext): LentBody {
  const head = releaseHeadOf(ctx.data);
  const { quality_policy, note } = body;
  const policy =
    quality_policy === undefined || quality_policy === null ? defaultPolicyJson : JSON.stringify(quality_policy);
  if (!head || policy === undefined || !isSpliceable(body)) {
    return writeBody((writer) => writer.text(JSON.stringify(wrapInEnvelope(body, ctx))));
  }
  const extra = body.warnings as string[] | undefined;
  const warnings = ctx.warnings.length === 0 && !extra?.length ? null : [...ctx.warnings, ...(extra ?? [])];
  return writeBody((writer) => {
    writer.bytes(head.opening);
    writer.jsonString(ctx.requestId);
    writer.bytes(head.dataAsOf);
    writer.bytes(policyTexts.of(policy));
    writer.bytes(head.license);
    writer.bytes(noteTexts.of(typeof note === 'string' ? note : ''));
    if (warnings) {
      writer.ascii(',"warnings":');
      writer.text(JSON.stringify(warnings));
    } else writer.bytes(emptyWarnings);
    writeRest(writer, body);
  });
}

// How a successful place-lookup body becomes bytes: the handler's result inside the common envelope, written as
// UTF-8 into pooled memory, exactly the bytes of JSON.stringify of the enveloped body.
export type PrintOk = (result: Record<string, unknown>, ctx: HandlerContext) => LentBody;

export const printOk: PrintOk = printEnvelopeBody;
