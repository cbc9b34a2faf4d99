import type { IncomingMessage, ServerResponse } from 'node:http';

// A response sent before the request's body has fully arrived (413 on a large Content-Length, 429, 415, a body cut
// short): to reach the next request on the connection node:http would read and throw away the rest of the body,
// however long the client says it is. The connection is closed after the response instead (`Connection: close`);
// the client reconnects for its next request.
export function closeIfBodyUnread(node: { req?: IncomingMessage; res?: ServerResponse } | undefined): void {
  if (node?.req && node.res && !node.req.complete && !node.res.headersSent) node.res.shouldKeepAlive = false;
}
