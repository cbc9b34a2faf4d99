import { randomUUID } from 'node:crypto';

// A client (or the proxy in front) may name the request itself with `X-Request-Id`, so that its own logs and ours
// share one id. Only a well-formed uuid is taken, in lower case: the id is echoed in bodies, headers and log lines,
// and anything else (a long or crafted value) must not reach them. Otherwise the server issues a fresh one.

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function requestIdOf(request: Request): string {
  const given = request.headers.get('x-request-id');
  return given !== null && given.length === 36 && uuid.test(given) ? given.toLowerCase() : randomUUID();
}
