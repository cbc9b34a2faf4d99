import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';
import type { FaceName } from './faces.ts';
import { emptyResponse } from './respond.ts';
import type { ResponseHeaders } from './response-headers.ts';

// Place lookup, MCP and the service probes are open to every origin. Scenery search serves browsers only from the configured origin:
// a request carrying any other Origin is refused with 403 before it costs anything.

export function applyCors(face: FaceName, request: Request, config: Config, headers: ResponseHeaders): void {
  if (face !== 'scenery-search') {
    headers['access-control-allow-origin'] = '*';
    headers['access-control-expose-headers'] = 'x-request-id, retry-after';
    return;
  }
  headers.vary = 'Origin';
  const origin = request.headers.get('origin');
  if (origin === null) return;
  if (!config.scenerySearchOrigins.includes(origin)) {
    throw new ApiError('forbidden_origin', `Requests from origin ${origin} are not accepted by this service`);
  }
  headers['access-control-allow-origin'] = origin;
  headers['access-control-expose-headers'] = 'retry-after';
}

export function preflight(headers: ResponseHeaders): Response {
  headers['access-control-allow-methods'] = 'GET, POST';
  headers['access-control-allow-headers'] = 'content-type, accept, mcp-protocol-version';
  headers['access-control-max-age'] = '600';
  headers['cache-control'] = 'no-store';
  return emptyResponse(204, headers);
}
