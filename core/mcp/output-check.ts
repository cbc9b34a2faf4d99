import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { HandlerContext } from '../context.ts';
import type { JsonSchema } from './schemas.ts';

// A client rejects a result whose structuredContent does not match the tool's outputSchema, and the agent then sees
// a protocol error instead of data. A mismatch is a server bug: it is logged (once per tool and error) so it shows in
// the logs and tests, and the result is still sent. Validators compile on a tool's first call, not at start.

const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
addFormats.default(ajv);
const validators = new Map<string, ValidateFunction>();
const reported = new Set<string>();

export function outputProblems(tool: string, schema: JsonSchema, value: unknown): string | null {
  let validate = validators.get(tool);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(tool, validate);
  }
  return validate(value) ? null : ajv.errorsText(validate.errors);
}

export function checkOutput(tool: string, schema: JsonSchema, value: unknown, ctx: HandlerContext): void {
  const problems = outputProblems(tool, schema, value);
  if (problems === null || reported.has(`${tool}:${problems}`)) return;
  reported.add(`${tool}:${problems}`);
  ctx.log.error({ tool, problems }, 'MCP structuredContent does not match the outputSchema');
}
