import type { ErrorObject } from 'ajv';
import { ApiError, type ErrorCode, errorCodes } from '../errors.ts';
import type { OperationSpec } from '../spec.ts';

// Turns the first ajv error into the face-neutral ApiError, naming the offending field the way a client wrote it
// (a query or path parameter name, or the top-level body property); the message names the exact path (`bbox.2`).

function fieldOf(error: ErrorObject): { location: string; field: string; path: string } {
  const segments = error.instancePath.split('/').filter(Boolean);
  const location = segments.shift() ?? '';
  const params = error.params as Record<string, unknown>;
  const extra = params.missingProperty ?? params.additionalProperty ?? params.propertyName;
  if (typeof extra === 'string') segments.push(extra);
  const bodyLocation = location === 'requestBody';
  const whole = bodyLocation ? 'body' : location;
  return {
    location: bodyLocation ? 'body' : location,
    field: segments[0] ?? whole,
    path: segments.join('.') || whole,
  };
}

type Json = Record<string, unknown>;

// The first sentence of a parameter's description says what a valid value looks like, better than a regex.
function firstSentence(text: string): string {
  const sentence = text.split(/(?<=\.)\s/)[0]?.trim() ?? '';
  return sentence.endsWith('.') ? sentence.slice(0, -1) : sentence;
}

function describe(error: ErrorObject, field: string, hint: string): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${field} is required`;
    case 'additionalProperties':
      return `${field} is not an accepted field`;
    case 'enum':
      return `${field} must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `${field} must be ${JSON.stringify(params.allowedValue)}`;
    case 'not':
      // A range with a hole (year_from: 0 or 2000-2026) is written as bounds plus `not`; ajv's text says nothing.
      return `${field} is in a range the API description excludes${hint ? `; expected: ${firstSentence(hint)}` : ''}`;
    case 'pattern':
      return hint
        ? `${field} is not valid; expected: ${firstSentence(hint)}`
        : `${field} has an invalid form (it must match ${String(params.pattern)})`;
    case 'anyOf':
      return `${field} must be ${alternatives(error.schema as Json[])}`;
    case 'type':
      return `${field} ${error.message ?? 'is invalid'}${hint ? `; expected: ${firstSentence(hint)}` : ''}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      return `${field} ${error.message ?? 'is invalid'}`;
    default:
      return `${field} is invalid${error.message ? `: ${error.message}` : ''}`;
  }
}

// "one of: a, b, c (or null)" for a member such as `preset` (an enum or null), "array or null" for one without values.
function alternatives(branches: Json[]): string {
  const values = branches.flatMap((branch) => (Array.isArray(branch.enum) ? branch.enum.map(String) : []));
  const types = branches.filter((branch) => !Array.isArray(branch.enum)).flatMap((branch) => [branch.type ?? 'valid']);
  const typeText = types.flat().map(String).join(' or ');
  if (values.length === 0) return typeText;
  return `one of: ${values.join(', ')}${typeText ? ` (or ${typeText})` : ''}`;
}

// A value that is of no kind an anyOf allows (a preset that is neither one of its ids nor null) is described by the
// anyOf; one of the right kind that breaks a branch's rule (a bbox of three numbers) by that rule.
function reportedError(errors: ErrorObject[]): ErrorObject | undefined {
  const first = errors.find((error) => error.keyword !== 'if') ?? errors[0];
  if (!first) return undefined;
  const union = errors.find((error) => error.keyword === 'anyOf' && error.instancePath === first.instancePath);
  if (!union || !Array.isArray(union.schema)) return first;
  const branchErrors = errors.filter((error) => error !== union && error.schemaPath.startsWith(union.schemaPath));
  const ofKind = branchErrors.every(
    (error) => error.instancePath === union.instancePath && (error.keyword === 'type' || error.keyword === 'enum'),
  );
  return ofKind ? union : first;
}

const conditionMessages: Record<string, string> = { query_or_preset_required: 'send a query or a preset' };

// The body's if/then rule (explore search: a query or a preset) has its own documented code, named in the spec.
function conditionError(operation: OperationSpec, errors: ErrorObject[]): ApiError | undefined {
  const code = operation.conditionErrorCode;
  if (!code || !(code in errorCodes)) return undefined;
  // ajv stops at the first error: the failing `then` keyword, or with allErrors the `if` itself.
  const failed = errors.some(
    (error) =>
      (error.keyword === 'if' && error.instancePath === '/requestBody') ||
      error.schemaPath.startsWith('#/properties/requestBody/then/'),
  );
  if (!failed) return undefined;
  return new ApiError(code as ErrorCode, conditionMessages[code] ?? 'the request body breaks its documented condition');
}

export function toValidationError(operation: OperationSpec, errors: ErrorObject[]): ApiError {
  const condition = conditionError(operation, errors);
  if (condition) return condition;
  const first = reportedError(errors);
  if (!first) return new ApiError('invalid_parameter', 'The request is invalid');
  const { location, field, path } = fieldOf(first);
  const parameter = operation.parameters.find((p) => p.in === location && p.name === field);
  if (parameter?.onInvalid === 'not_found') {
    return new ApiError('not_found', `No record has that ${field}: the value is not of the documented form`, { field });
  }
  if (first.keyword === 'parse') return new ApiError('invalid_json', 'The request body is not valid JSON');
  // Both documents call a body that is JSON but not an object malformed, not a bad value of some field.
  if (location === 'body' && path === 'body' && first.keyword === 'type') {
    return new ApiError('invalid_json', 'The request body must be a JSON object');
  }
  if (first.keyword === 'additionalProperties' && location === 'body') {
    return new ApiError('unknown_field', describe(first, path, ''), { field });
  }
  // A body member has no parameter; its schema (body errors are verbose) carries the description.
  const hint = parameter?.description ?? ((first.parentSchema as Json | undefined)?.description as string | undefined);
  return new ApiError('invalid_parameter', describe(first, path, hint ?? ''), { field });
}
