import { STATUS_CODES } from 'node:http';
import { FastResponse } from 'srvx';
import type { ApiError } from '../errors.ts';
import { type FaceName, placeLookupErrorBody, placeLookupErrorStatus, scenerySearchErrorBody } from './faces.ts';
import { type LentBody, lendTo, writeBody } from './lent-body.ts';
import type { ResponseHeaders } from './response-headers.ts';

// Builds the Response objects: JSON bodies, the face's error shape and the headers every answer carries.
//
// FastResponse (srvx's Node response, the one h3 itself returns) is a Response whose bytes the Node adapter writes
// straight to the socket, with their length. A plain `new Response(text)` makes undici encode the text into a
// ReadableStream that the adapter then reads back chunk by chunk (measured: 1.4-2.3×
// the cost). In process (app.fetch, tests) it behaves like any Response.

const jsonType = 'application/json; charset=utf-8';

// The reason phrase of the status line ("200 OK"): a Response made without statusText has "", and srvx hands that to
// node:http, which then writes "HTTP/1.1 200 " with no phrase.
export function statusTextOf(status: number): string {
  return STATUS_CODES[status] ?? '';
}

// JSON text is encoded into pooled memory too (lent-body.ts): encoding a Japanese text into a new buffer cost more
// than the allocation's own copy, and the allocation counted toward the heap's next full mark.
export function jsonTextResponse(status: number, text: string | LentBody, headers: ResponseHeaders): Response {
  headers['content-type'] = jsonType;
  const lent = typeof text === 'string' ? writeBody((writer) => writer.text(text)) : text;
  return lendTo(new FastResponse(lent.body, { status, statusText: statusTextOf(status), headers }), lent.release);
}

export function jsonResponse(status: number, body: unknown, headers: ResponseHeaders): Response {
  return jsonTextResponse(status, JSON.stringify(body), headers);
}

export function emptyResponse(status: number, headers: ResponseHeaders): Response {
  return new FastResponse(null, { status, statusText: statusTextOf(status), headers });
}

// Place lookup documents a fixed Retry-After of 60 s; explore reports the seconds until its bucket refills.
const placeLookupRetryAfterS = 60;

export function errorResponse(face: FaceName, error: ApiError, requestId: string, headers: ResponseHeaders): Response {
  headers['cache-control'] = 'no-store';
  if (error.allow) headers.allow = error.allow;
  if (face !== 'scenery-search') {
    if (error.code === 'rate_limited') headers['retry-after'] = String(placeLookupRetryAfterS);
    return jsonResponse(placeLookupErrorStatus(error), placeLookupErrorBody(error, requestId), headers);
  }
  if (error.code === 'rate_limited' && error.retryAfterS !== undefined) {
    headers['retry-after'] = String(error.retryAfterS);
  }
  return jsonResponse(error.status, scenerySearchErrorBody(error), headers);
}
