import { transcode } from 'node:buffer';
import { FastResponse } from 'srvx';
import type { ApiError } from '../errors.ts';
import { exploreErrorBody, type FaceName, placeErrorBody, placeErrorStatus } from './faces.ts';

// Builds the Response objects: JSON bodies, the face's error shape and the headers every answer carries.
//
// FastResponse (srvx's Node response, the one h3 itself returns) is a Response whose bytes the Node adapter writes
// straight to the socket, with their length. A plain `new Response(text)` makes undici encode the text into a
// ReadableStream that the adapter then reads back chunk by chunk (measured in scripts/bench/serialise.ts: 1.4-2.3×
// the cost). In process (app.fetch, tests) it behaves like any Response.

const jsonType = 'application/json; charset=utf-8';

// UTF-8 bytes of JSON text. A string holding any character beyond Latin-1 (all Japanese text) is stored by V8 as
// UTF-16; Buffer.from(text, 'utf8') converts those about five times slower than copying the UTF-16 out and
// transcoding it (measured on a 30 KB nearby answer: the encoding cost more than JSON.stringify). JSON.stringify
// never leaves a lone surrogate, which transcode would refuse; anything it refuses takes the ordinary way.
const beyondLatin1 = /[\u0100-\uffff]/;

export function encodeJsonText(text: string): Uint8Array<ArrayBuffer> {
  if (!beyondLatin1.test(text)) return Buffer.from(text, 'utf8') as Uint8Array<ArrayBuffer>;
  try {
    return transcode(Buffer.from(text, 'utf16le'), 'utf16le', 'utf8') as Uint8Array<ArrayBuffer>;
  } catch {
    return Buffer.from(text, 'utf8') as Uint8Array<ArrayBuffer>;
  }
}

export function jsonTextResponse(status: number, text: string, headers: Headers): Response {
  headers.set('content-type', jsonType);
  return new FastResponse(encodeJsonText(text), { status, headers });
}

export function jsonResponse(status: number, body: unknown, headers: Headers): Response {
  return jsonTextResponse(status, JSON.stringify(body), headers);
}

export function emptyResponse(status: number, headers: Headers): Response {
  return new FastResponse(null, { status, headers });
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
