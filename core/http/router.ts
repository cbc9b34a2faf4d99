import type { ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type Request as BackendRequest, OpenAPIBackend } from 'openapi-backend';
import type { OperationSpec, SpecDocument } from '../spec.ts';
import { compileFieldCheck, type FieldCheck, fieldsFirst } from './body-condition.ts';
import { RouteTable } from './route-table.ts';

// openapi-backend's ValidationContext values (its enum is not exported from the package entry).
type ValidationContext = 'requestBodyValidator' | 'paramsValidator' | 'responseValidator' | 'responseHeadersValidator';

// One openapi-backend instance per spec compiles the ajv validators (draft 2020-12, with formats) for parameters and
// bodies. Routing uses a table precomputed from the same spec (route-table.ts), and requests without a body call the
// compiled validators directly: openapi-backend's validateRequest re-derives the operation list and re-parses the
// request each time (cookies, query, path, lodash clones), which measured more than the validation itself.
// Nothing here knows about HTTP frameworks.

export interface RouteMatch {
  operation: OperationSpec;
  pathParams: Record<string, string>;
  // The request's own path: openapi-backend re-reads path parameters from it while validating.
  pathname: string;
}

export type RouteResult = { kind: 'match'; match: RouteMatch } | { kind: 'method'; allow: string[] } | { kind: 'none' };

export interface ValidationOutcome {
  errors: ErrorObject[];
  query: Record<string, unknown>;
  path: Record<string, unknown>;
}

// openapi-backend asks for a new ajv for every validator it compiles; creating (and format-loading) one per
// operation made start-up take seconds, so each validation context shares one instance. Body errors are verbose
// (they carry their schema) so that a message can say what a body member accepts (validation-errors.ts); that costs
// nothing on a valid body.
function createAjv(coerceTypes: boolean, verbose: boolean): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false, coerceTypes, useDefaults: true, verbose });
  addFormats.default(ajv);
  return ajv;
}

function sharedAjvFactory(): (context: ValidationContext) => Ajv2020 {
  const instances = new Map<ValidationContext, Ajv2020>();
  return (context) => {
    let ajv = instances.get(context);
    if (!ajv) {
      ajv = createAjv(
        context === 'paramsValidator' || context === 'responseHeadersValidator',
        context === 'requestBodyValidator',
      );
      instances.set(context, ajv);
    }
    return ajv;
  };
}

type ParamsValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

// The direct path replays what openapi-backend's validateRequest builds for a request without a body; operations
// with a body, cookie parameters or query parameters it rewrites (arrays, non-exploded, JSON content) keep its path.
function takesDirectPath(operation: OperationSpec, backend: OpenAPIBackend): boolean {
  if (operation.hasBody) return false;
  const parameters = (backend.router.getOperation(operation.operationId)?.parameters ?? []) as unknown as Record<
    string,
    unknown
  >[];
  return parameters.every((parameter) => {
    if (parameter.in === 'cookie' || '$ref' in parameter) return false;
    if (parameter.in !== 'query') return true;
    const schema = parameter.schema as Record<string, unknown> | undefined;
    return schema?.type !== 'array' && parameter.explode === undefined && parameter.content === undefined;
  });
}

function validateDirectly(
  validators: ParamsValidator[],
  match: RouteMatch,
  query: Record<string, string>,
  headers: Record<string, string>,
): ValidationOutcome {
  // The shape openapi-backend validates; ajv coerces and fills defaults in place.
  const parameters = {
    path: { ...match.pathParams },
    query: { ...query } as Record<string, unknown>,
    header: headers,
    cookie: {},
  };
  const errors: ErrorObject[] = [];
  let coerced = true;
  for (const validate of validators) {
    validate(parameters);
    if (validate.errors) {
      errors.push(...validate.errors);
      coerced = false;
    }
  }
  return coerced
    ? { errors, query: parameters.query, path: parameters.path }
    : { errors, query: { ...query }, path: { ...match.pathParams } };
}

export class SpecRouter {
  readonly spec: SpecDocument;
  // Kept reachable for response validation in tests and for the side-by-side bench.
  readonly backend: OpenAPIBackend;
  private readonly byId: Map<string, OperationSpec>;
  private readonly table: RouteTable;
  private readonly directValidators = new Map<string, ParamsValidator[]>();
  private readonly fieldChecks: Map<string, FieldCheck>;

  private constructor(spec: SpecDocument, backend: OpenAPIBackend, fieldChecks: Map<string, FieldCheck>) {
    this.spec = spec;
    this.backend = backend;
    this.byId = new Map(spec.operations.map((operation) => [operation.operationId, operation]));
    this.table = new RouteTable(spec.operations);
    this.fieldChecks = fieldChecks;
    for (const operation of spec.operations) {
      if (!takesDirectPath(operation, backend)) continue;
      const validators = backend.validator.getRequestValidatorsForOperation(operation.operationId);
      if (validators) this.directValidators.set(operation.operationId, validators as ParamsValidator[]);
    }
  }

  static async create(spec: SpecDocument): Promise<SpecRouter> {
    const ajvFor = sharedAjvFactory();
    const backend = new OpenAPIBackend({
      definition: structuredClone(spec.document) as never,
      quick: true,
      strict: true,
      validate: true,
      coerceTypes: true,
      customizeAjv: ((_ajv: unknown, _options: unknown, context: ValidationContext) => ajvFor(context)) as never,
    });
    await backend.init();
    // quick mode compiles lazily; compile now so the first request of each operation is not the slow one
    backend.validator.preCompileRequestValidators();
    const fieldChecks = new Map<string, FieldCheck>();
    for (const operation of spec.operations) {
      if (!operation.conditionErrorCode) continue;
      // The operation as openapi-backend holds it: its $refs already replaced by their targets.
      const dereferenced = backend.router.getOperation(operation.operationId) as
        | { requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> } }
        | undefined;
      const schema = dereferenced?.requestBody?.content?.['application/json']?.schema;
      if (schema) fieldChecks.set(operation.operationId, compileFieldCheck(ajvFor('requestBodyValidator'), schema));
    }
    return new SpecRouter(spec, backend, fieldChecks);
  }

  route(method: string, path: string): RouteResult {
    const matched = this.table.match(method.toLowerCase(), path);
    if (matched) return { kind: 'match', match: { ...matched, pathname: path } };
    const allow = this.allowedMethods(path);
    return allow.length > 0 ? { kind: 'method', allow } : { kind: 'none' };
  }

  allowedMethods(path: string): string[] {
    return this.table.allowedMethods(path);
  }

  validate(
    match: RouteMatch,
    query: Record<string, string>,
    body: unknown,
    headers: Record<string, string>,
  ): ValidationOutcome {
    const direct = this.directValidators.get(match.operation.operationId);
    if (direct) return validateDirectly(direct, match, query, headers);
    const request: BackendRequest = {
      method: match.operation.method,
      path: match.pathname,
      headers,
      query: { ...query },
      params: { ...match.pathParams },
      ...(body === undefined ? {} : { body }),
    };
    const result = this.backend.validator.validateRequest(request, match.operation.operationId);
    const coerced = (result.coerced ?? {}) as { query?: Record<string, unknown>; params?: Record<string, unknown> };
    return {
      errors: fieldsFirst(result.errors ?? [], body, this.fieldChecks.get(match.operation.operationId)),
      query: coerced.query ?? (request.query as Record<string, unknown>),
      path: coerced.params ?? request.params ?? {},
    };
  }

  validateResponse(operationId: string, status: number, body: unknown): ErrorObject[] {
    const result = this.backend.validator.validateResponse(body, operationId, status);
    return result.errors ?? [];
  }

  operation(operationId: string): OperationSpec | undefined {
    return this.byId.get(operationId);
  }
}
