import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ApiError } from '../errors.ts';
import type { JsonSchema } from './schemas.ts';

// Tool arguments are checked against the tool's inputSchema (draft 2020-12, formats, defaults filled in) before any
// handler runs. A failure becomes an invalid_parameter ApiError whose message tells an agent what a valid call
// looks like: the accepted range, the allowed values or the list of known arguments.

const ajv = new Ajv2020({ strict: false, allErrors: true, useDefaults: true, coerceTypes: false });
addFormats.default(ajv);

export type ArgumentValidator = (args: Record<string, unknown>) => Record<string, unknown>;

type Json = Record<string, unknown>;

// "integer 1-1000, default 300", "one of: released, include_experimental, experimental_only", ...
export function describeValidValues(schema: Json | undefined): string {
  if (!schema) return '';
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) parts.push(`one of: ${schema.enum.map(String).join(', ')}`);
  else {
    const type = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type ?? 'value');
    const min = schema.minimum ?? schema.minLength;
    const max = schema.maximum ?? schema.maxLength;
    const unit = schema.type === 'string' ? ' characters' : '';
    const range = min !== undefined && max !== undefined ? ` ${min}..${max}${unit}` : '';
    parts.push(`${type === 'string' && range ? 'string of' : type}${range}`);
    const examples = schema.examples as unknown[] | undefined;
    if (typeof schema.pattern === 'string' && examples?.length) parts.push(`e.g. ${JSON.stringify(examples[0])}`);
  }
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}

function propertyOf(schema: JsonSchema, name: string): Json | undefined {
  return (schema.properties as Json | undefined)?.[name] as Json | undefined;
}

function explain(error: ErrorObject, schema: JsonSchema): { field: string; text: string } {
  const params = error.params as Record<string, unknown>;
  const known = Object.keys((schema.properties ?? {}) as Json);
  if (error.keyword === 'required') {
    const field = String(params.missingProperty);
    const valid = describeValidValues(propertyOf(schema, field));
    return { field, text: `Missing required argument ${field}${valid ? ` (${valid})` : ''}.` };
  }
  if (error.keyword === 'additionalProperties') {
    const field = String(params.additionalProperty);
    return { field, text: `Unknown argument ${field}. Valid arguments: ${known.join(', ') || '(none)'}.` };
  }
  if (error.instancePath === '') {
    return { field: 'arguments', text: `arguments must be an object with: ${known.join(', ') || 'no members'}.` };
  }
  const field = error.instancePath.split('/').filter(Boolean)[0] ?? 'arguments';
  const valid = describeValidValues(propertyOf(schema, field));
  return { field, text: `Argument ${field} ${error.message ?? 'is invalid'}${valid ? `; valid: ${valid}` : ''}.` };
}

// Compiled on a tool's first call: compiling every tool's validator at start costs about half a second.
export function compileArguments(schema: JsonSchema): ArgumentValidator {
  let compiled: ValidateFunction | undefined;
  return (args) => {
    const validate = compiled ?? ajv.compile(schema);
    compiled = validate;
    const copy = structuredClone(args);
    if (validate(copy)) return copy;
    const seen = new Set<string>();
    const explained = (validate.errors ?? [])
      .filter((error) => !['if', 'anyOf', 'oneOf'].includes(error.keyword))
      .map((error) => explain(error, schema))
      .filter(({ text }) => !seen.has(text) && seen.add(text));
    const first = explained[0] ?? { field: 'arguments', text: 'The arguments are invalid.' };
    return invalidArguments(first.field, explained.map(({ text }) => text).join(' '));
  };
}

// The message already names the valid values, so `recovery` only says what to do next.
function invalidArguments(field: string, message: string): never {
  throw new ApiError('invalid_parameter', message, { field, recovery: 'Fix the arguments and call again.' });
}

// Handlers written for query strings expect lat/lon as decimal text (their REST grammar has no exponent), so a JSON
// number such as 1e-7 is written out in plain digits.
export function toDecimalText(value: number): string {
  const text = String(value === 0 ? 0 : value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}
