import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { HandlerContext } from '../context.ts';
import type { JsonSchema } from './schemas.ts';

// A tool as tools/list shows it (the SDK's Tool type) and the function tools/call runs.

export interface McpTool {
  name: string;
  definition: Tool;
  call: (args: Record<string, unknown>, ctx: HandlerContext) => Promise<CallToolResult>;
}

export interface ToolDeclaration {
  name: string;
  title: string;
  description: string;
}

// Every tool only reads the served release: same answer for the same call within a release, nothing changes.
export const toolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

export function toolDefinition(declared: ToolDeclaration, inputSchema: JsonSchema, outputSchema: JsonSchema): Tool {
  return {
    name: declared.name,
    title: declared.title,
    description: declared.description.trim(),
    inputSchema: inputSchema as Tool['inputSchema'],
    outputSchema: outputSchema as NonNullable<Tool['outputSchema']>,
    annotations: { title: declared.title, ...toolAnnotations },
  };
}
