import type { HandlerMap } from '../context.ts';
import type { SpecDocument } from '../spec.ts';

// Every operation of a spec has exactly one handler (aliases share their target's; /mcp is answered by core/mcp),
// and no handler exists without an operation. A mismatch stops start-up with the list of what to add or remove.

export function expectedHandlers(spec: SpecDocument): string[] {
  return spec.operations
    .filter((operation) => operation.aliasOf === undefined && operation.handledBy === undefined)
    .map((operation) => operation.operationId)
    .sort();
}

export function checkHandlers(faceDir: string, spec: SpecDocument, handlers: HandlerMap): void {
  const expected = expectedHandlers(spec);
  const present = Object.keys(handlers).sort();
  const missing = expected.filter((id) => !present.includes(id));
  const extra = present.filter((id) => !expected.includes(id));
  const aliasTargets = spec.operations.filter((op) => op.aliasOf && !expected.includes(op.aliasOf));
  const problems = [
    ...missing.map((id) => `missing handler: add ${faceDir}/${id}.ts for operation ${id}`),
    ...extra.map((id) => `extra handler: ${faceDir}/${id}.ts has no operation ${id} in ${spec.file}`),
    ...aliasTargets.map((op) => `alias ${op.operationId} points to unknown operation ${op.aliasOf}`),
  ];
  if (problems.length > 0) throw new Error(`handlers do not match the spec:\n  ${problems.join('\n  ')}`);
}
