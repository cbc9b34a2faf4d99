/**
 * What the scenery search takes from its contract, spec/scenery-search.openapi.yaml: the search body's schema and
 * defaults, the documented limits and the work budget. The values are written there and only there.
 */
import type { Budget, SearchLimits, SearchRequest } from '../../generated/scenery-search/types.gen.ts';
import { readSpec, specFiles } from '../spec.ts';

type Json = Record<string, unknown>;

const spec = readSpec(specFiles.scenerySearch);
const schemas = (spec.document.components as { schemas: Record<string, Json> }).schemas;

/** A schema with every local $ref replaced by its target (siblings of the $ref, such as `default`, kept). */
function inlined(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(inlined);
  if (node === null || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Json;
  const own = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inlined(value)]));
  if (typeof $ref !== 'string') return own;
  const target = $ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (at as Json | undefined)?.[key], spec.document);
  if (target === undefined) throw new Error(`${specFiles.scenerySearch}: unresolved $ref ${$ref}`);
  return { ...(inlined(target) as Json), ...own };
}

function schemaNamed(name: string): Json {
  const schema = schemas[name];
  if (!schema) throw new Error(`${specFiles.scenerySearch}: no schema ${name}`);
  return inlined(schema) as Json;
}

/** The `const` of every property of an object schema whose members are fixed figures (SearchLimits, Budget). */
function constsOf<T>(name: string): T {
  const properties = schemaNamed(name).properties as Record<string, Json>;
  return Object.fromEntries(
    Object.entries(properties).map(([key, property]) => {
      if (property.const === undefined) throw new Error(`${specFiles.scenerySearch}: ${name}.${key} has no const`);
      return [key, property.const];
    }),
  ) as T;
}

/** components.schemas.SearchRequest, self-contained (what the engine validates a body against). */
export const searchRequestSchema = schemaNamed('SearchRequest');
const requestProperties = searchRequestSchema.properties as Record<string, Json>;

/** The keys a search body may have, in the spec's order. */
export const searchRequestKeys = Object.keys(requestProperties) as (keyof SearchRequest)[];

type Defaulted = Exclude<keyof SearchRequest, 'query'>;

/** The value of every body key but `query` when the client omits it (SearchRequest's `default`s). */
export const searchDefaults = Object.fromEntries(
  searchRequestKeys
    .filter((key) => key !== 'query')
    .map((key) => {
      const value = requestProperties[key]?.default;
      if (value === undefined) throw new Error(`${specFiles.scenerySearch}: SearchRequest.${key} has no default`);
      return [key, value];
    }),
) as { [K in Defaulted]-?: Exclude<SearchRequest[K], undefined> };

/** The property schema of one body key (for messages that name its bounds). */
export function requestProperty(key: keyof SearchRequest): Json {
  return requestProperties[key] as Json;
}

/** Capture years a request can name: SearchRequest.year_to's bounds (year_from's maximum is the same year). */
export const captureYearBounds = {
  min: requestProperty('year_to').minimum as number,
  max: requestProperty('year_to').maximum as number,
};

/** components.schemas.SearchLimits: the fixed limits the metadata endpoint reports. */
export const searchLimits = constsOf<SearchLimits>('SearchLimits');

/** components.schemas.Budget: at most this many candidates and judge calls per request, whatever `limit` is. */
export const searchBudget = constsOf<Budget>('Budget');

/** The error code of a body that breaks SearchRequest's if/then rule (search_scenes' `x-on-condition-failed`). */
export const conditionErrorCode = spec.operations.find((operation) => operation.operationId === 'search_scenes')
  ?.conditionErrorCode as string;
