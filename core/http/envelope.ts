import type { HandlerContext } from './context.ts';

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
