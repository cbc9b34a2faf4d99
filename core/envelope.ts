import type { HandlerContext } from './context.ts';
import { DEFAULT_QUALITY } from './data/quality.ts';

// The common fields of every successful place-lookup response, as values (REST prints them as bytes in
// core/http/envelope.ts; MCP tool results carry them as they are). A handler may set `quality_policy`, `note` and
// `warnings` in its body; everything else in the envelope comes from the served release and the request.

/** The policy of a body that states none: the spec's default quality, no generation. */
export const defaultPolicy = { requested: DEFAULT_QUALITY, generation: null, experimental_included: false };

/** The members the envelope sets from the release and the request; a handler's body never carries them. */
export const envelopeKeys = [
  'api_version',
  'data_language',
  'snapshot',
  'request_id',
  'data_as_of',
  'license',
] as const;

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
