import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';
import type { FaceName } from './faces.ts';

// Place lookup and MCP are open to every origin. Scenery search serves browsers only from the configured origin:
// a request carrying any other Origin is refused with 403 before it costs anything.

export function applyCors(face: FaceName, request: Request, config: Config, headers: Headers): void {
  if (face === 'place-lookup') {
    headers.set('access-control-allow-origin', '*');
    headers.set('access-control-expose-headers', 'x-request-id, retry-after');
    return;
  }
  headers.set('vary', 'Origin');
  const origin = request.headers.get('origin');
  if (origin === null) return;
  if (!config.exploreOrigins.includes(origin)) {
    throw new ApiError('forbidden_origin', `Requests from origin ${origin} are not accepted by this service`);
  }
  headers.set('access-control-allow-origin', origin);
  headers.set('access-control-expose-headers', 'retry-after');
}

export function preflight(headers: Headers): Response {
  headers.set('access-control-allow-methods', 'GET, POST');
  headers.set('access-control-allow-headers', 'content-type, accept, mcp-protocol-version');
  headers.set('access-control-max-age', '600');
  headers.set('cache-control', 'no-store');
  return new Response(null, { status: 204, headers });
}
