import type { HandlerContext, McpReply } from '../http/context.ts';
import { errorReply, isMessage, isNotification, type JsonRpcMessage, parseEnvelope, resultReply } from './envelope.ts';

export const supportedVersions = ['2025-06-18', '2025-03-26', '2024-11-05'];
export const fallbackVersion = '2025-06-18';

export interface McpTool {
  name: string;
  definition: Record<string, unknown>;
  call: (args: Record<string, unknown>, ctx: HandlerContext) => Promise<Record<string, unknown>>;
}

function initialize(message: JsonRpcMessage): unknown {
  const requested = message.params?.protocolVersion;
  const protocolVersion =
    typeof requested === 'string' && supportedVersions.includes(requested) ? requested : fallbackVersion;
  return {
    protocolVersion,
    capabilities: { tools: { listChanged: false } },
    serverInfo: { name: 'machimi', version: '0.1.0' },
    instructions: 'Read-only tools over Japanese street-scene observations; zero results mean not recorded.',
  };
}

async function answer(message: JsonRpcMessage, tools: Map<string, McpTool>, ctx: HandlerContext): Promise<unknown> {
  const id = message.id ?? null;
  switch (message.method) {
    case 'initialize':
      return resultReply(id, initialize(message));
    case 'ping':
      return resultReply(id, {});
    case 'tools/list':
      return resultReply(id, { tools: [...tools.values()].map((tool) => tool.definition) });
    case 'tools/call': {
      const name = message.params?.name;
      const tool = typeof name === 'string' ? tools.get(name) : undefined;
      if (!tool) {
        const known = [...tools.keys()].join(', ') || '(none yet)';
        const text = `Unknown tool ${JSON.stringify(name)}. Call tools/list; available tools: ${known}.`;
        return resultReply(id, { isError: true, content: [{ type: 'text', text }] });
      }
      const args = (message.params?.arguments ?? {}) as Record<string, unknown>;
      return resultReply(id, await tool.call(args, ctx));
    }
    default:
      return errorReply(id, -32601, `Method not found: ${message.method}`);
  }
}

export function createMcpEndpoint(tools: McpTool[]) {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return async (raw: Uint8Array, ctx: HandlerContext): Promise<McpReply> => {
    const parsed = parseEnvelope(raw);
    if (parsed.kind === 'parse_error') return { status: 400, body: errorReply(null, -32700, 'Parse error') };
    if (parsed.kind === 'invalid_batch') return { status: 400, body: errorReply(null, -32600, parsed.message) };
    const replies: unknown[] = [];
    for (const entry of parsed.entries) {
      if (isNotification(entry)) continue;
      if (!isMessage(entry)) {
        const id = (entry as { id?: unknown } | null)?.id;
        const safeId = typeof id === 'string' || typeof id === 'number' ? id : null;
        replies.push(errorReply(safeId, -32600, 'Invalid Request: expected a JSON-RPC 2.0 message'));
        continue;
      }
      replies.push(await answer(entry, byName, ctx));
    }
    if (replies.length === 0) return { status: 202, body: null };
    return { status: 200, body: parsed.batch ? replies : replies[0] };
  };
}
