// The one error taxonomy. Handlers and core throw ApiError; only the edges (REST bodies per face, MCP isError)
// translate it into a wire shape.

export const errorCodes = {
  invalid_parameter: { status: 400, retryable: false },
  invalid_json: { status: 400, retryable: false },
  unknown_field: { status: 400, retryable: false },
  query_or_preset_required: { status: 400, retryable: false },
  cursor_mismatch: { status: 400, retryable: false },
  // Requests Node's HTTP parser refuses before the app sees them (http/client-error.ts).
  malformed_request: { status: 400, retryable: false },
  request_timeout: { status: 408, retryable: false },
  headers_too_large: { status: 431, retryable: false },
  forbidden_origin: { status: 403, retryable: false },
  not_found: { status: 404, retryable: false },
  method_not_allowed: { status: 405, retryable: false },
  cursor_expired: { status: 410, retryable: false },
  release_changed: { status: 410, retryable: false },
  payload_too_large: { status: 413, retryable: false },
  unsupported_media_type: { status: 415, retryable: false },
  rate_limited: { status: 429, retryable: true },
  // Documented as not retryable (scenery-search spec): a fault is reported, not retried.
  internal: { status: 500, retryable: false },
  store_unavailable: { status: 503, retryable: true },
} as const;

export type ErrorCode = keyof typeof errorCodes;

export interface ApiErrorOptions {
  field?: string;
  recovery?: string;
  retryAfterS?: number;
  allow?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly recovery: string | undefined;
  readonly retryAfterS: number | undefined;
  readonly allow: string | undefined;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.field = options.field;
    this.recovery = options.recovery;
    this.retryAfterS = options.retryAfterS;
    this.allow = options.allow;
  }

  get status(): number {
    return errorCodes[this.code].status;
  }

  get retryable(): boolean {
    return errorCodes[this.code].retryable;
  }

  toJSON(): { code: ErrorCode; message: string; field?: string } {
    return { code: this.code, message: this.message, ...(this.field === undefined ? {} : { field: this.field }) };
  }
}

export function invalidParameter(field: string, message: string): ApiError {
  return new ApiError('invalid_parameter', message, { field });
}

export function notFound(message: string): ApiError {
  return new ApiError('not_found', message);
}

// Anything that is not an ApiError is a bug or an outage: it becomes `internal` and its details stay in the log.
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError('internal', 'The server could not complete this request; it has been logged.', { cause: error });
}
