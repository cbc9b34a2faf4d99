import type { ErrorObject } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { splitCondition } from '../spec.ts';

// A body schema's if/then rule (the one `x-on-condition-failed` names, e.g. "a query or a preset") is reported only
// when every field of the body is valid: the specs order a field's invalid_parameter before the rule's code. The
// validator of the whole schema cannot be trusted with that order: stopping at its first error, ajv may reach `then`
// before `properties`, and it reports the error of a schema that `then` shares with a property (a $ref, dereferenced
// into one object) under the `then` path. So a body that fails is checked once more against its schema without the
// rule, and that check's errors, when there are any, are the ones reported.

/** The errors of `body` against its fields alone, in the shape openapi-backend reports (under `/requestBody`). */
export type FieldCheck = (body: unknown) => ErrorObject[];

export function compileFieldCheck(ajv: Ajv2020, bodySchema: Record<string, unknown>): FieldCheck {
  const validate = ajv.compile(splitCondition(bodySchema).fields);
  return (body) => {
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => ({
      ...error,
      instancePath: `/requestBody${error.instancePath}`,
      schemaPath: error.schemaPath.replace(/^#/, '#/properties/requestBody'),
    }));
  };
}

/** `errors` with the body's part replaced by the field check's errors, when the fields alone fail. */
export function fieldsFirst(errors: ErrorObject[], body: unknown, check: FieldCheck | undefined): ErrorObject[] {
  if (!check || body === undefined || errors.length === 0) return errors;
  const fieldErrors = check(body);
  if (fieldErrors.length === 0) return errors;
  const onBody = (error: ErrorObject) => error.instancePath.startsWith('/requestBody');
  return [...fieldErrors, ...errors.filter((error) => !onBody(error))];
}
