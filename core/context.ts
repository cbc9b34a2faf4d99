import type { Config } from './config.ts';
import type { ServedRelease } from './data/served-release.ts';
import type { Logger } from './log.ts';
import type { Readiness } from './ops/readiness.ts';

// What a handler receives besides its validated input. Handlers never see HTTP objects.
export interface HandlerContext {
  requestId: string;
  config: Config;
  log: Logger;
  now: () => Date;
  // The release being served: indexes, manifest and the store for reads by key.
  data: ServedRelease;
  // Messages for the response's `warnings` (place lookup): legacy or unknown parameters that were ignored.
  warnings: string[];
  // Names of the query parameters and top-level body fields the client actually sent (defaults are already
  // applied to `input`).
  given: ReadonlySet<string>;
  // Where absolute links in responses point: PUBLIC_BASE_URL, else the listening address; never a request header.
  origin: string;
  // Whether this process should get traffic (GET /readyz).
  readiness: Readiness;
}

export interface HandlerInput {
  query: Record<string, unknown>;
  path: Record<string, unknown>;
  body: unknown;
}

export type Handler = (input: HandlerInput, ctx: HandlerContext) => unknown | Promise<unknown>;

export type HandlerMap = Record<string, Handler>;

// The MCP endpoint owns its JSON-RPC envelope; it gets the raw body and the MCP-Protocol-Version header (null when
// absent), and answers a status and a body (null = empty).
export interface McpReply {
  status: number;
  body: unknown;
}
export type McpEndpoint = (raw: Uint8Array, ctx: HandlerContext, protocolVersion: string | null) => Promise<McpReply>;
export type McpCostCounter = (raw: Uint8Array) => number;
