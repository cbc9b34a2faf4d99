import type { ApiError } from '../errors.ts';
import { exploreErrorBody, type FaceName, placeErrorBody, placeErrorStatus } from './faces.ts';

// Builds the Response objects: JSON bodies, the face's error shape and the headers every answer carries.

const jsonType = 'application/json; charset=utf-8';

export function jsonResponse(status: number, body: unknown, headers: Headers): Response {
  headers.set('content-type', jsonType);
  return new Response(JSON.stringify(body), { status, headers });
}

export function emptyResponse(status: number, headers: Headers): Response {
  return new Response(null, { status, headers });
}

// Place lookup documents a fixed Retry-After of 60 s; explore reports the seconds until its bucket refills.
const placeRetryAfterS = 60;

export function errorResponse(face: FaceName, error: ApiError, requestId: string, headers: Headers): Response {
  headers.set('cache-control', 'no-store');
  if (error.allow) headers.set('allow', error.allow);
  if (face === 'place-lookup') {
    if (error.code === 'rate_limited') headers.set('retry-after', String(placeRetryAfterS));
    return jsonResponse(placeErrorStatus(error), placeErrorBody(error, requestId), headers);
  }
  if (error.code === 'rate_limited' && error.retryAfterS !== undefined) {
    headers.set('retry-after', String(error.retryAfterS));
  }
  return jsonResponse(error.status, exploreErrorBody(error), headers);
}
