import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { FastResponse } from 'srvx';
import type { Delivery } from './delivery.ts';
import { COMPRESS_MIN_BYTES, type Encoding } from './encoding.ts';
import { isNotModified } from './etag.ts';
import type { ResponseHeaders } from './response-headers.ts';

// A file the server holds in memory and serves unchanged to everyone (the /docs page and its scripts). Unlike a JSON
// answer it is compressed once per coding, on the first request that accepts the coding, and kept: the Redoc bundle
// is 1.1 MB, which gzip 1 per request would spend ~10 ms of CPU on. Compression runs on libuv's thread pool, so that
// first request does not stop the event loop either. Levels, measured on that bundle: gzip 9 (328 KB, 64 ms) and
// brotli 9 (297 KB, 350 ms); brotli 11 saves 8 % more but took 4.5 s.

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

type Bytes = Uint8Array<ArrayBuffer>;

function bytesOf(buffer: Buffer): Bytes {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}

export class StaticFile {
  readonly bytes: Bytes;
  readonly contentType: string;
  /** Weak, as the JSON answers' tags: the same content whatever its Content-Encoding. */
  readonly etag: string;
  /** Headers of its own, sent with the 200 and the 304 (the page's Content-Security-Policy). */
  readonly headers: Readonly<ResponseHeaders>;
  readonly #compressed = new Map<Encoding, Promise<Bytes>>();

  constructor(content: string | Uint8Array, contentType: string, headers: ResponseHeaders = {}) {
    this.bytes = bytesOf(Buffer.from(content));
    this.contentType = contentType;
    this.headers = headers;
    this.etag = `W/"${createHash('sha256').update(this.bytes).digest('base64url').slice(0, 22)}"`;
  }

  /** The first hex digits of the content's digest, for names that change whenever the content does. */
  get digest(): string {
    return Buffer.from(this.etag.slice(3, -1), 'base64url').toString('hex').slice(0, 10);
  }

  compressed(encoding: Encoding): Promise<Bytes> {
    let variant = this.#compressed.get(encoding);
    if (!variant) {
      variant = (
        encoding === 'gzip'
          ? gzipAsync(this.bytes, { level: 9 })
          : brotliAsync(this.bytes, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: 9,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.byteLength,
              },
            })
      ).then(bytesOf);
      this.#compressed.set(encoding, variant);
    }
    return variant;
  }
}

/** The file as this request asks for it: 304 when the client's copy is current, compressed as accepted, HEAD bodiless. */
export async function deliverStatic(file: StaticFile, headers: ResponseHeaders, delivery: Delivery): Promise<Response> {
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  headers.etag = file.etag;
  Object.assign(headers, file.headers);
  if (isNotModified(delivery.request, file.etag)) {
    return new FastResponse(null, { status: 304, statusText: 'Not Modified', headers });
  }
  headers['content-type'] = file.contentType;
  let body = file.bytes;
  if (delivery.encoding && body.byteLength >= COMPRESS_MIN_BYTES) {
    body = await file.compressed(delivery.encoding);
    headers['content-encoding'] = delivery.encoding;
  }
  if (delivery.head) {
    headers['content-length'] = String(body.byteLength);
    return new FastResponse(null, { status: 200, statusText: 'OK', headers });
  }
  return new FastResponse(body, { status: 200, statusText: 'OK', headers });
}
