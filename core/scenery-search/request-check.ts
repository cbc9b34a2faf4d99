/**
 * Checks a search body against the spec's SearchRequest schema, so the engine is safe to call without the HTTP router
 * in front of it (scripts, benches, tests), and reports the first problem the way the API does: `invalid_json`,
 * `unknown_field`, `invalid_parameter` naming the field, then the body's if/then rule (a query or a preset), then
 * the order of the bbox's bounds, which a schema cannot compare (the HTTP router checks all the rest before this).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Bbox, SearchRequest } from '../../generated/scenery-search/types.gen.ts';
import { ApiError, type ErrorCode } from '../errors.ts';
import { splitCondition } from '../spec.ts';
import { conditionErrorCode, requestProperty, searchRequestSchema } from './contract.ts';

type Json = Record<string, unknown>;

// The if/then rule is checked apart from the fields: a body breaking both is reported by its field first, as the
// spec orders the errors, whichever keyword ajv happens to evaluate first.

let compiled: { fields: ValidateFunction; condition: ValidateFunction } | undefined;

/** Compiles the two validators (a few hundred ms, once); the engine's warmUp calls it ahead of traffic. */
export function compileRequestCheck(): { fields: ValidateFunction; condition: ValidateFunction } {
  if (!compiled) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const { fields, rule } = splitCondition(searchRequestSchema);
    compiled = { fields: ajv.compile(fields), condition: ajv.compile(rule) };
  }
  return compiled;
}

function bounds(key: 'query' | 'ward' | 'year_from' | 'year_to' | 'limit') {
  return requestProperty(key) as { minimum?: number; maximum?: number; minLength?: number; maxLength?: number };
}

function enumOf(schema: Json): string[] {
  const choices = (schema.anyOf as Json[] | undefined)?.find((choice) => Array.isArray(choice.enum)) ?? schema;
  return choices.enum as string[];
}

// Messages name the bounds the schema sets; only the wording is written here.
function messageFor(field: string, errors: ErrorObject[]): string {
  switch (field) {
    case 'query':
      return `query must be ${bounds('query').minLength}-${bounds('query').maxLength} characters with at least one non-whitespace character`;
    case 'preset':
      return `preset must be one of ${enumOf(requestProperty('preset')).join(', ')} or null`;
    case 'ward':
      return `ward must be a string of at most ${bounds('ward').maxLength} characters`;
    case 'year_from': {
      const hole = (requestProperty('year_from').not as { maximum: number }).maximum;
      return `year_from must be ${bounds('year_from').minimum} or ${hole + 1}-${bounds('year_from').maximum}`;
    }
    case 'year_to':
      return `year_to must be ${bounds('year_to').minimum}-${bounds('year_to').maximum} or null`;
    case 'mode':
      return `mode must be ${enumOf(requestProperty('mode')).join(' or ')}`;
    case 'cursor':
      return `cursor must be a next_cursor of this service (${requestProperty('cursor').pattern}) or null`;
    case 'limit':
      return `limit must be an integer from ${bounds('limit').minimum} to ${bounds('limit').maximum}`;
    case 'bbox':
      return bboxMessage(errors);
    default:
      return `${field} is invalid`;
  }
}

function bboxMessage(errors: ErrorObject[]): string {
  const item = errors.find((error) => /^\/bbox\/\d+$/.test(error.instancePath));
  if (!item) return 'bbox must be [west, south, east, north] or null';
  const index = Number(item.instancePath.split('/')[2]);
  const box = (requestProperty('bbox').anyOf as Json[]).find((choice) => Array.isArray(choice.prefixItems));
  const range = (box?.prefixItems as { maximum: number }[] | undefined)?.[index]?.maximum;
  return `bbox[${index}] must be a number within ±${range}`;
}

// A box is [west, south, east, north] and may not cross the antimeridian; the recovery says how to ask for such an
// area all the same (two boxes, one each side of ±180°) or how to fix swapped bounds.
function checkBboxOrder([west, south, east, north]: Bbox): void {
  if (west > east) {
    throw new ApiError('invalid_parameter', `bbox west ${west} is greater than east ${east}`, {
      field: 'bbox',
      recovery:
        `A box may not cross the antimeridian: split it there and search [${west}, ${south}, 180, ${north}] and ` +
        `[-180, ${south}, ${east}, ${north}] one after the other, or swap west and east if they were sent the wrong way round.`,
    });
  }
  if (south > north) {
    throw new ApiError('invalid_parameter', `bbox south ${south} is greater than north ${north}`, {
      field: 'bbox',
      recovery: 'Swap south and north: bbox is [west, south, east, north].',
    });
  }
}

/** Throws the ApiError the API would answer for `body`, or returns when it matches SearchRequest with a bbox in order. */
export function checkSearchRequest(body: unknown): asserts body is SearchRequest {
  const { fields, condition: rule } = compileRequestCheck();
  if (!fields(body)) {
    const errors = fields.errors ?? [];
    const unknown = errors.find((error) => error.keyword === 'additionalProperties');
    if (unknown) {
      const key = String((unknown.params as { additionalProperty: string }).additionalProperty);
      throw new ApiError('unknown_field', `${key} is not an accepted field`, { field: key });
    }
    const first = errors[0] as ErrorObject;
    const field = first.instancePath.split('/')[1];
    if (field === undefined) throw new ApiError('invalid_json', 'the search body must be a JSON object');
    const onField = errors.filter((error) => error.instancePath.split('/')[1] === field);
    throw new ApiError('invalid_parameter', messageFor(field, onField), { field });
  }
  if (!rule(body)) throw new ApiError(conditionErrorCode as ErrorCode, 'send a query or a preset');
  const { bbox } = body as SearchRequest;
  if (bbox) checkBboxOrder(bbox);
}
