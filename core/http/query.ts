import { ApiError, invalidParameter } from '../errors.ts';
import type { ParameterSpec } from '../spec.ts';

// Query strings are parsed strictly before schema validation: integers are digits with an optional minus sign,
// numbers additionally allow one decimal part. Exponents, NaN, Infinity, a plus sign or a trailing dot never pass.

const integerText = /^-?[0-9]+$/;
const numberText = /^-?[0-9]+(\.[0-9]+)?$/;

export interface ParsedQuery {
  values: Record<string, string>;
  unknown: string[];
}

function schemaTypes(schema: Record<string, unknown>): string[] {
  const type = schema.type;
  if (Array.isArray(type)) return type.map(String);
  return typeof type === 'string' ? [type] : [];
}

// How a parameter's text is checked, decided once per parameter from its schema's types.
type TextRule = 'any' | 'integer' | 'number' | 'integer and number';

function textRuleOf(parameter: ParameterSpec): TextRule {
  const types = schemaTypes(parameter.schema);
  if (types.includes('string')) return 'any';
  const integer = types.includes('integer');
  const number = types.includes('number');
  if (integer && number) return 'integer and number';
  return integer ? 'integer' : number ? 'number' : 'any';
}

function checkText(name: string, rule: TextRule, value: string): void {
  if (rule === 'any') return;
  if (rule !== 'number' && !integerText.test(value)) {
    throw invalidParameter(name, `${name} must be a whole number written in digits, got ${JSON.stringify(value)}`);
  }
  if (rule !== 'integer' && !numberText.test(value)) {
    throw invalidParameter(
      name,
      `${name} must be a decimal number (optional minus sign, digits, optional decimal part), got ${JSON.stringify(value)}`,
    );
  }
}

const queryParameters = new WeakMap<ParameterSpec[], Map<string, TextRule>>();

function queryParametersOf(parameters: ParameterSpec[]): Map<string, TextRule> {
  let known = queryParameters.get(parameters);
  if (!known) {
    known = new Map(parameters.filter((p) => p.in === 'query').map((p) => [p.name, textRuleOf(p)]));
    queryParameters.set(parameters, known);
  }
  return known;
}

export function parseQuery(search: URLSearchParams, parameters: ParameterSpec[]): ParsedQuery {
  const known = queryParametersOf(parameters);
  const values: Record<string, string> = {};
  const unknown: string[] = [];
  for (const [name, value] of search) {
    const rule = known.get(name);
    if (rule === undefined) {
      if (!unknown.includes(name)) unknown.push(name);
      continue;
    }
    // A NUL cannot be stored or matched as text (PostgreSQL refuses it), so no query value may carry one.
    if (value.includes('\u0000')) {
      throw invalidParameter(name, `${name} must not contain a NUL character (%00)`);
    }
    if (name in values) {
      throw new ApiError('invalid_parameter', `${name} was given more than once; give it once`, { field: name });
    }
    checkText(name, rule, value);
    values[name] = value;
  }
  return { values, unknown };
}
