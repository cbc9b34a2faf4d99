import { ApiError, type ErrorCode } from '../errors.ts';

// The faces answer errors in different documented shapes; this is the one place per face that knows them. The
// service face (/healthz, /readyz) answers errors in the place-lookup shape.

export type FaceName = 'place-lookup' | 'scenery-search' | 'service';

const placeLookupCodes = new Set<ErrorCode>([
  'invalid_parameter',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'rate_limited',
  'internal',
]);

// Codes that only the explore face documents fold into the nearest place-lookup code.
function placeLookupCode(code: ErrorCode): ErrorCode {
  if (placeLookupCodes.has(code)) return code;
  if (code === 'store_unavailable') return 'internal';
  return 'invalid_parameter';
}

export function placeLookupErrorStatus(error: ApiError): number {
  return new ApiError(placeLookupCode(error.code), error.message).status;
}

export function placeLookupErrorBody(error: ApiError, requestId: string): unknown {
  const code = placeLookupCode(error.code);
  // A malformed body is an invalid value of the body itself in this document's words (POST /amenities/search).
  const field = error.field ?? (error.code === 'invalid_json' ? 'body' : undefined);
  return {
    error: {
      code,
      message: error.message,
      request_id: requestId,
      ...(field === undefined ? {} : { field }),
    },
  };
}

const recoveries: Partial<Record<ErrorCode, string>> = {
  invalid_json: 'Send the search conditions as one JSON object.',
  invalid_parameter: 'Correct the named field as the API description says and send the request again.',
  unknown_field: 'Remove the named field; the search body accepts only the documented fields.',
  query_or_preset_required: 'Give a query (Japanese scenery wording) or a preset.',
  cursor_mismatch: 'Repeat the first request exactly with the cursor, or start a new search without a cursor.',
  malformed_request:
    'Send an HTTP/1.1 request: a known method and a target of ASCII characters (percent-encode others).',
  request_timeout: 'Send the whole request promptly.',
  headers_too_large: 'Send fewer or shorter headers.',
  forbidden_origin: 'Call the API from the configured origin, or from a server without an Origin header.',
  not_found: 'Check the identifier or path; scene ids are strings of 5-25 digits.',
  method_not_allowed: 'Use a method listed in the Allow header.',
  cursor_expired: 'Restart the search without cursor.',
  release_changed: 'The data release changed since this cursor was issued: restart the search without cursor.',
  payload_too_large: 'Send a smaller body.',
  unsupported_media_type: 'Send Content-Type: application/json.',
  rate_limited: 'Wait the number of seconds in Retry-After, then retry.',
  internal: 'Report the time of the request and its X-Request-Id if this persists.',
  store_unavailable: 'Retry after a short wait; the data store is temporarily unavailable.',
};

export function scenerySearchErrorBody(error: ApiError): unknown {
  return {
    error: error.message,
    code: error.code,
    field: error.field ?? null,
    retryable: error.retryable,
    ...(error.retryAfterS === undefined ? {} : { retry_after_s: error.retryAfterS }),
    recovery: error.recovery ?? recoveries[error.code] ?? 'Inspect code and field.',
  };
}
