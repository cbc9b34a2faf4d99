import {
  CallToolRequestParamsSchema,
  type CallToolResult,
  ErrorCode,
  type InitializeResult,
  type ListToolsResult,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import type { HandlerContext, McpReply } from '../context.ts';
import { maxJsonDepth, nestsDeeperThan } from '../json/nesting-depth.ts';
import { serviceVersion } from '../version.ts';
import type { McpTool } from './definition.ts';
import {
  errorReply,
  isClientResponse,
  isMessage,
  isNotification,
  type JsonRpcMessage,
  parseEnvelope,
  replyId,
  resultReply,
} from './envelope.ts';

export type { McpTool };

// The methods of POST /mcp. Types, error codes and the tools/call params check come from the MCP SDK; the dispatch is
// our own because the SDK's Server cannot be made to follow the document: it answers an unknown version with its
// newest (2025-11-25) where the document asks for 2025-06-18, echoes versions the document does not list
// (2025-11-25, 2024-10-07), and its Protocol layer drops `"id": null` messages as unknown, which the document says
// are requests whose null id is echoed. The envelope (batches, 202, HTTP 400s) is in envelope.ts for the same reason.

export const supportedVersions = ['2025-06-18', '2025-03-26', '2024-11-05'];
export const fallbackVersion = '2025-06-18';

for (const version of supportedVersions) {
  if (!SUPPORTED_PROTOCOL_VERSIONS.includes(version)) throw new Error(`MCP SDK no longer knows version ${version}`);
}

// The MCP transport: a client names its negotiated version in the MCP-Protocol-Version header, and a server answers
// a version it does not support with HTTP 400. Without the header the document's default (2025-06-18) applies.
function unsupportedVersion(header: string | null | undefined): McpReply | undefined {
  if (header === null || header === undefined || supportedVersions.includes(header)) return undefined;
  const supported = supportedVersions.join(', ');
  const text = `Bad Request: unsupported MCP-Protocol-Version ${JSON.stringify(header)}; supported: ${supported}`;
  return { status: 400, body: errorReply(null, ErrorCode.InvalidRequest, text) };
}

const instructions =
  'Read-only tools over Japanese street-scene observations (one photograph = one scene) of the served release. ' +
  'Start with describe_location for a coordinate, or find_street / find_area / find_school for a name. Keep scene ids ' +
  'as strings. Zero results mean not recorded in this release, never absent in the real world: say so to the user.';

function initialize(message: JsonRpcMessage): InitializeResult {
  const requested = message.params?.protocolVersion;
  const protocolVersion =
    typeof requested === 'string' && supportedVersions.includes(requested) ? requested : fallbackVersion;
  return {
    protocolVersion,
    capabilities: { tools: { listChanged: false } },
    serverInfo: { name: 'machimi', version: serviceVersion },
    instructions,
  };
}

function unknownTool(name: string, tools: Map<string, McpTool>): CallToolResult {
  const known = [...tools.keys()].join(', ') || '(none)';
  const text = `Unknown tool ${JSON.stringify(name)}. Available tools: ${known}. Call tools/list for their arguments.`;
  return { isError: true, content: [{ type: 'text', text }] };
}

async function callTool(message: JsonRpcMessage, tools: Map<string, McpTool>, ctx: HandlerContext): Promise<unknown> {
  const id = replyId(message);
  const params = CallToolRequestParamsSchema.safeParse(message.params ?? {});
  if (!params.success) {
    const text = 'Invalid params: tools/call takes {"name": a tool name, "arguments": an object}';
    return errorReply(id, ErrorCode.InvalidParams, text);
  }
  const tool = tools.get(params.data.name);
  // An unknown tool is answered from the tool table alone: no handler runs, the store is not queried.
  if (!tool) return resultReply(id, unknownTool(params.data.name, tools));
  return resultReply(id, await tool.call(params.data.arguments ?? {}, ctx));
}

async function answer(message: JsonRpcMessage, tools: Map<string, McpTool>, ctx: HandlerContext): Promise<unknown> {
  const id = replyId(message);
  switch (message.method) {
    case 'initialize':
      return resultReply(id, initialize(message));
    case 'ping':
    case 'notifications/initialized':
      return resultReply(id, {});
    case 'tools/list':
      return resultReply(id, { tools: [...tools.values()].map((tool) => tool.definition) } satisfies ListToolsResult);
    case 'tools/call':
      return callTool(message, tools, ctx);
    default:
      return errorReply(id, ErrorCode.MethodNotFound, `Method not found: ${message.method}`);
  }
}

const invalidRequest =
  'Invalid Request: expected a JSON-RPC 2.0 message {"jsonrpc": "2.0", "method": a non-empty string, "id": a string, ' +
  'integer or null (no id member for a notification), "params": an object}, or a response with "result" or "error"';

export function createMcpEndpoint(tools: McpTool[]) {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return async (raw: Uint8Array, ctx: HandlerContext, protocolVersion?: string | null): Promise<McpReply> => {
    const refused = unsupportedVersion(protocolVersion);
    if (refused) return refused;
    if (nestsDeeperThan(raw, maxJsonDepth)) {
      const text = `Parse error: the body nests deeper than ${maxJsonDepth} levels of arrays and objects`;
      return { status: 400, body: errorReply(null, ErrorCode.ParseError, text) };
    }
    const parsed = parseEnvelope(raw);
    if (parsed.kind === 'parse_error') {
      return { status: 400, body: errorReply(null, ErrorCode.ParseError, 'Parse error: the body is not valid JSON') };
    }
    if (parsed.kind === 'invalid_batch') {
      return { status: 400, body: errorReply(null, ErrorCode.InvalidRequest, parsed.message) };
    }
    const replies: unknown[] = [];
    let requests = 0;
    for (const entry of parsed.entries) {
      // Notifications and responses are accepted unanswered; nothing runs for them, even for a tools/call.
      if (isNotification(entry) || isClientResponse(entry)) continue;
      if (!isMessage(entry)) {
        replies.push(errorReply(replyId(entry), ErrorCode.InvalidRequest, invalidRequest));
        continue;
      }
      requests += 1;
      try {
        replies.push(await answer(entry, byName, ctx));
      } catch (thrown) {
        ctx.log.error({ err: thrown, method: entry.method }, 'MCP request failed');
        replies.push(errorReply(replyId(entry), ErrorCode.InternalError, 'Internal error; it has been logged'));
      }
    }
    if (replies.length === 0) return { status: 202, body: null };
    // Malformed entries are answered in place; a body with no request among them was refused as a whole.
    return { status: requests > 0 ? 200 : 400, body: parsed.batch ? replies : replies[0] };
  };
}
