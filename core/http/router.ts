import type { ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type Request as BackendRequest, OpenAPIBackend } from 'openapi-backend';
import type { OperationSpec, SpecDocument } from '../spec.ts';

// openapi-backend's ValidationContext values (its enum is not exported from the package entry).
type ValidationContext = 'requestBodyValidator' | 'paramsValidator' | 'responseValidator' | 'responseHeadersValidator';

// One openapi-backend instance per spec: it maps method + path to an operation and validates parameters and bodies
// with ajv (draft 2020-12, with formats) against the spec. Nothing here knows about HTTP frameworks.

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
// operation made start-up take seconds, so each validation context shares one instance.
function createAjv(coerceTypes: boolean): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false, coerceTypes, useDefaults: true });
  addFormats.default(ajv);
  return ajv;
}

function sharedAjvFactory(): (context: ValidationContext) => Ajv2020 {
  const instances = new Map<ValidationContext, Ajv2020>();
  return (context) => {
    let ajv = instances.get(context);
    if (!ajv) {
      ajv = createAjv(context === 'paramsValidator' || context === 'responseHeadersValidator');
      instances.set(context, ajv);
    }
    return ajv;
  };
}

export class SpecRouter {
  readonly spec: SpecDocument;
  private readonly backend: OpenAPIBackend;
  private readonly byId: Map<string, OperationSpec>;

  private constructor(spec: SpecDocument, backend: OpenAPIBackend) {
    this.spec = spec;
    this.backend = backend;
    this.byId = new Map(spec.operations.map((operation) => [operation.operationId, operation]));
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
    return new SpecRouter(spec, backend);
  }

  route(method: string, path: string): RouteResult {
    const request: BackendRequest = { method: method.toLowerCase(), path, headers: {} };
    const matched = this.backend.router.matchOperation(request);
    if (matched?.operationId) {
      const operation = this.byId.get(matched.operationId);
      if (operation) {
        const pathParams = this.backend.router.parseRequest(request, matched).params as Record<string, string>;
        return { kind: 'match', match: { operation, pathParams, pathname: path } };
      }
    }
    const allow = this.allowedMethods(path);
    return allow.length > 0 ? { kind: 'method', allow } : { kind: 'none' };
  }

  allowedMethods(path: string): string[] {
    const methods = new Set<string>();
    for (const operation of this.spec.operations) {
      const request: BackendRequest = { method: operation.method, path, headers: {} };
      if (this.backend.router.matchOperation(request)?.operationId === operation.operationId) {
        methods.add(operation.method.toUpperCase());
      }
    }
    return [...methods];
  }

  validate(
    match: RouteMatch,
    query: Record<string, string>,
    body: unknown,
    headers: Record<string, string>,
  ): ValidationOutcome {
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
      errors: result.errors ?? [],
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
