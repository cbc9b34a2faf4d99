import type { IncomingMessage, ServerResponse } from 'node:http';
import { H3 } from 'h3';
import type { AppDeps } from './context.ts';
import { releaseWhenSent } from './lent-body.ts';
import { handleRequest } from './pipeline.ts';
import { untilTurnEnds } from './turn-end.ts';
import { closeIfBodyUnread } from './unread-body.ts';

// The h3 application: one middleware answering every request, because routing belongs to the specs (openapi-backend),
// not to h3 (a catch-all route made h3's router split the path and fill a parameter on every request).

// With TRUST_PROXY = N, the client is the N-th address from the right of X-Forwarded-For (the entry the nearest
// trusted proxy appended); otherwise it is the socket's peer address.
export function clientIpOf(request: Request & { ip?: string }, trustProxy: number): string {
  const peer = request.ip ?? 'unknown';
  if (trustProxy === 0) return peer;
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return forwarded[forwarded.length - trustProxy] ?? forwarded[0] ?? peer;
}

export function createApp(deps: AppDeps): H3 {
  const app = new H3();
  app.use(async (event) => {
    const response = await handleRequest(deps, {
      request: event.req,
      url: event.url,
      clientIp: clientIpOf(event.req, deps.config.trustProxy),
    });
    // srvx's Node adapter exposes the ServerResponse the body will be written to.
    const node = (event.req as { runtime?: { node?: { req?: IncomingMessage; res?: ServerResponse } } }).runtime?.node;
    releaseWhenSent(response, node?.res);
    closeIfBodyUnread(node);
    await untilTurnEnds();
    return response;
  });
  return app;
}
