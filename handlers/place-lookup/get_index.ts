import { policies, policiesJa, serviceDescriptionJa, serviceName } from '../../core/catalog/policies.ts';
import { type OperationSpec, readSpec, type SpecDocument, specFiles } from '../../core/spec.ts';
import { serviceVersion } from '../../core/version.ts';
import type { GetIndexData, GetIndexResponses, IndexBody } from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf, PlaceReply } from '../types.ts';

// GET /v1: what the service is, its endpoints and aliases, its data policies. The endpoint and alias maps are read
// from the OpenAPI document the server routes by, so they can never list an endpoint that does not exist.

let cached: IndexBody | undefined;

export default function getIndex(_input: InputOf<GetIndexData>, _ctx: HandlerContext): PlaceReply<GetIndexResponses> {
  // The document does not change while the server runs: described once.
  cached ??= describeService(readSpec(specFiles.placeLookup), readSpec(specFiles.service));
  return cached;
}

const endpointKey = (operation: OperationSpec) => `${operation.method.toUpperCase()} ${operation.path}`;

/** The index of `spec`; the docs page is the one `service` (the service spec) documents. */
export function describeService(spec: SpecDocument, service: SpecDocument): IndexBody {
  const byId = new Map(spec.operations.map((operation) => [operation.operationId, operation]));
  const endpoints: Record<string, string> = {};
  const aliases: Record<string, string> = {};
  for (const operation of spec.operations) {
    const target = operation.aliasOf === undefined ? undefined : byId.get(operation.aliasOf);
    if (target) aliases[endpointKey(operation)] = endpointKey(target);
    else endpoints[endpointKey(operation)] = String(operation.raw.summary ?? operation.operationId);
  }
  const info = (spec.document.info ?? {}) as { summary?: string };
  const docs = service.operations.find((operation) => operation.operationId === 'get_docs');
  if (!docs) throw new Error(`${service.file}: no get_docs operation to link from GET /v1`);
  return {
    name: serviceName,
    version: serviceVersion,
    description: info.summary ?? '',
    description_ja: serviceDescriptionJa,
    endpoints,
    aliases,
    docs: docs.path,
    policies: [...policies],
    policies_ja: [...policiesJa],
  };
}
