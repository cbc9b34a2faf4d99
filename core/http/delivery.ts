import { FastResponse } from 'srvx';
import { COMPRESS_MIN_BYTES, compress, type Encoding } from './encoding.ts';
import { isNotModified, weakEtagOf } from './etag.ts';
import { type LentBody, lendTo } from './lent-body.ts';
import type { ResponseHeaders } from './response-headers.ts';

// How one request's JSON answer leaves: tagged and answered 304 when the client's copy is current, compressed as the
// client accepts, and for HEAD without its body but with the Content-Length a GET would have.

export interface Delivery {
  request: Request;
  requestId: string;
  encoding: Encoding | null;
  head: boolean;
  /** The operation's 200 may be stored by caches (its Cache-Control is public): it gets an ETag. */
  cacheable: boolean;
}

function addVary(headers: ResponseHeaders, name: string): void {
  headers.vary = headers.vary ? `${headers.vary}, ${name}` : name;
}

export function deliver(
  status: number,
  statusText: string,
  lent: LentBody,
  headers: ResponseHeaders,
  delivery: Delivery,
): Response {
  addVary(headers, 'Accept-Encoding');
  let body: Uint8Array<ArrayBuffer> = lent.body;
  let release = lent.release;
  if (delivery.cacheable && status === 200) {
    headers.etag = weakEtagOf(body, delivery.requestId);
    if (isNotModified(delivery.request, headers.etag)) {
      release();
      delete headers['content-type'];
      return new FastResponse(null, { status: 304, statusText: 'Not Modified', headers });
    }
  }
  if (delivery.encoding && body.byteLength >= COMPRESS_MIN_BYTES) {
    const compressed = compress(body, delivery.encoding);
    release();
    release = noop;
    body = new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.byteLength);
    headers['content-encoding'] = delivery.encoding;
  }
  if (delivery.head) {
    release();
    headers['content-length'] = String(body.byteLength);
    return new FastResponse(null, { status, statusText, headers });
  }
  const response = new FastResponse(body, { status, statusText, headers });
  return release === noop ? response : lendTo(response, release);
}

function noop(): void {}
