import { randomUUID } from 'node:crypto';
import { maxHeaderSize, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { H3 } from 'h3';
import { ApiError, type ErrorCode } from '../errors.ts';
import type { AppDeps } from './context.ts';
import { type FaceName, placeLookupErrorBody, scenerySearchErrorBody } from './faces.ts';
import { statusTextOf } from './respond.ts';

// Requests that node:http's parser refuses never reach the app: oversized headers, a malformed request line, an
// unknown method, raw non-ASCII bytes in the target, a request not received in time. Node would answer them with a
// bare status line; here they get the face's documented error body, content type, request id and CORS header, written
// straight to the socket (there is no request or response object), and the connection is closed, as Node does.

type ClientErrorListener = (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => void;

const parserCodes: Record<string, { code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    code: 'headers_too_large',
    message: `The request headers are larger than ${maxHeaderSize / 1024} KB`,
  },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', message: 'The request was not received in time' },
};
const malformed = {
  code: 'malformed_request' as const,
  message: 'The request is not valid HTTP/1.1: check the method, the target (ASCII only) and the headers',
};

const listeners = new WeakMap<H3, ClientErrorListener>();

/** The start-line's target and the Origin header, read from what the parser had when it refused the request. */
function sketchOf(raw: Buffer | undefined): { path: string; origin: string | undefined } {
  const text = raw?.toString('latin1') ?? '';
  const path = /^[A-Za-z]+ (\/[^ \r\n?]*)/.exec(text)?.[1] ?? '/';
  const origin = /\r\norigin: *([^\r\n]*)\r\n/i.exec(text)?.[1]?.trim();
  return { path, origin };
}

function responseBytes(deps: AppDeps, error: ApiError, raw: Buffer | undefined, requestId: string): Buffer {
  const { path, origin } = sketchOf(raw);
  const face: FaceName =
    path === '/explore/api' || path.startsWith('/explore/api/') ? 'scenery-search' : 'place-lookup';
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-request-id': requestId,
    connection: 'close',
  };
  if (face === 'place-lookup') {
    headers['access-control-allow-origin'] = '*';
    headers['access-control-expose-headers'] = 'x-request-id, retry-after, etag';
  } else {
    headers.vary = 'Origin';
    if (origin && deps.config.scenerySearchOrigins.includes(origin)) headers['access-control-allow-origin'] = origin;
  }
  const body = Buffer.from(
    JSON.stringify(face === 'place-lookup' ? placeLookupErrorBody(error, requestId) : scenerySearchErrorBody(error)),
  );
  headers['content-length'] = String(body.length);
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return Buffer.concat([Buffer.from(`HTTP/1.1 ${error.status} ${statusTextOf(error.status)}\r\n${head}\r\n`), body]);
}

/** Makes the servers that `listenApp` binds for this app answer parser errors in the face's shape. */
export function answerClientErrors(app: H3, deps: AppDeps): void {
  listeners.set(app, (error, socket) => {
    // A reset connection cannot be answered; one with a response under way would get a second one mid-stream.
    const busy = (socket as Socket & { _httpMessage?: unknown })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || busy) {
      socket.destroy();
      return;
    }
    const known = parserCodes[error.code ?? ''] ?? malformed;
    const apiError = new ApiError(known.code, known.message);
    const requestId = randomUUID();
    deps.log.child({ request_id: requestId }).info({ status: apiError.status, parser: error.code }, 'request refused');
    socket.end(responseBytes(deps, apiError, error.rawPacket, requestId));
    // The client may not read the answer; the socket is not kept waiting for it.
    setTimeout(() => socket.destroy(), 2000).unref();
  });
}

export function listenToClientErrors(app: H3, server: Server): void {
  const listener = listeners.get(app);
  if (listener) server.on('clientError', listener);
}
