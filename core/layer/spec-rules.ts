import { readSpec, type SpecDocument, specFiles } from '../spec.ts';

// The street/area layer's rules that the place-lookup spec states and the code needs as values: the words `include`
// accepts on street and area detail, and the least scenes an edge needs to be served. Read here once, at load, so
// the spec stays the only place they are written.

type Json = Record<string, unknown>;

const spec = readSpec(specFiles.placeLookup);

/** The words of an `include` parameter, from its pattern `^(a|b)(,(a|b))*$` (paths./v1/…/get.parameters). */
function includeWords(document: SpecDocument, operationId: string): readonly string[] {
  const parameter = document.operations
    .find((operation) => operation.operationId === operationId)
    ?.parameters.find((candidate) => candidate.name === 'include');
  const pattern = String(parameter?.schema.pattern);
  const words = /^\^\(([a-z_|]+)\)\(,\(\1\)\)\*\$$/.exec(pattern)?.[1];
  if (!words) throw new Error(`spec: ${operationId} include pattern ${pattern} is not of the form ^(a|b)(,(a|b))*$`);
  return Object.freeze(words.split('|'));
}

/** `minimum` of n_scenes in components.schemas EdgeBody, EdgeSummary and UnnamedEdge, which must agree. */
function edgeSceneMinimum(document: SpecDocument): number {
  const schemas = (document.document.components as Json).schemas as Record<string, Json>;
  const minima = ['EdgeBody', 'EdgeSummary', 'UnnamedEdge'].map(
    (name) => ((schemas[name]?.properties as Record<string, Json> | undefined)?.n_scenes?.minimum as number) ?? NaN,
  );
  const [first] = minima;
  if (first === undefined || !Number.isInteger(first) || minima.some((minimum) => minimum !== first)) {
    throw new Error(`spec: n_scenes minimum of EdgeBody, EdgeSummary and UnnamedEdge must be one integer (${minima})`);
  }
  return first;
}

export const streetIncludes = includeWords(spec, 'get_street');
export const areaIncludes = includeWords(spec, 'get_area');
export const minEdgeScenes = edgeSceneMinimum(spec);
