import { createHash } from 'node:crypto';
import fresh from 'fresh';

// Weak entity tags of the cacheable answers. The tag is a digest of the body with the request's own id left out, so
// two requests for the same thing in the same release get the same tag although each body names its request_id. Weak
// (W/): the answer is the same data whatever its Content-Encoding, but not the same bytes.

export function weakEtagOf(body: Uint8Array, requestId: string): string {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const hash = createHash('sha1');
  let from = 0;
  for (let at = bytes.indexOf(requestId, 0, 'latin1'); at >= 0; at = bytes.indexOf(requestId, from, 'latin1')) {
    hash.update(bytes.subarray(from, at));
    from = at + requestId.length;
  }
  hash.update(bytes.subarray(from));
  return `W/"${hash.digest('base64url').slice(0, 22)}"`;
}

/**
 * Whether the client's copy is current: If-None-Match names the tag (weak comparison) or is `*`. A request with
 * `Cache-Control: no-cache` asks for the answer itself, as browsers do on a reload.
 */
export function isNotModified(request: Request, etag: string): boolean {
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch === null) return false;
  const cacheControl = request.headers.get('cache-control') ?? undefined;
  return fresh({ 'if-none-match': ifNoneMatch, 'cache-control': cacheControl }, { etag });
}
