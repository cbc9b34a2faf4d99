import type { Handler, HandlerMap } from '../context.ts';
import { wrapInEnvelope } from '../envelope.ts';
import type { SpecDocument } from '../spec.ts';
import { capLists } from './caps.ts';
import { type McpTool, type ToolDeclaration, toolDefinition } from './definition.ts';
import { createDescribeLocation } from './describe-location.ts';
import { callContext, createOperationRunner } from './operation.ts';
import { checkOutput } from './output-check.ts';
import { forAgent, toolOutputSchemas } from './output-schemas.ts';
import { renderText } from './render.ts';
import { deriveOutputSchema } from './schemas.ts';
import { toolErrorResult } from './tool-errors.ts';
import { settingsOf } from './tool-settings.ts';

// The 11 tools of /mcp, derived from spec/place-lookup.openapi.yaml at start: one per operation carrying
// `x-mcp-tool`, plus the composites of `x-mcp-composite-tools`. A tool runs the REST route's handler function.

export type { McpTool };

function handlerFor(handlers: HandlerMap, operationId: string): Handler {
  const handler = handlers[operationId];
  if (!handler) throw new Error(`MCP: no place-lookup handler for ${operationId}`);
  return handler;
}

function operationTool(spec: SpecDocument, operationId: string, declared: ToolDeclaration, handler: Handler): McpTool {
  const operation = spec.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`MCP: no operation ${operationId}`);
  const runner = createOperationRunner(spec, operationId, handler);
  const { exact, advertised } = toolOutputSchemas(spec, declared.name, deriveOutputSchema(spec, operation));
  const settings = settingsOf(declared.name);
  const advice = { inputSchema: runner.inputSchema, onNotFound: settings.onNotFound };
  return {
    name: declared.name,
    definition: toolDefinition(declared, runner.inputSchema, advertised),
    call: async (args, ctx) => {
      const callCtx = callContext(ctx, args);
      try {
        const body = await runner.run(args, callCtx);
        const structured = forAgent(declared.name, wrapInEnvelope(body, callCtx), callCtx.data.manifest.license);
        capLists(structured, settings.caps);
        checkOutput(declared.name, exact, structured, callCtx);
        return {
          content: [{ type: 'text', text: renderText(declared.name, structured) }],
          structuredContent: structured,
        };
      } catch (thrown) {
        return toolErrorResult(thrown, advice, callCtx);
      }
    },
  };
}

export function buildMcpTools(spec: SpecDocument, handlers: HandlerMap): McpTool[] {
  const tools: McpTool[] = [];
  for (const operation of spec.operations) {
    const declared = operation.raw['x-mcp-tool'] as ToolDeclaration | undefined;
    if (!declared) continue;
    tools.push(operationTool(spec, operation.operationId, declared, handlerFor(handlers, operation.operationId)));
  }
  const composites = (spec.document['x-mcp-composite-tools'] ?? []) as (ToolDeclaration & Record<string, unknown>)[];
  for (const declared of composites) {
    if (declared.name !== 'describe_location') throw new Error(`MCP: composite tool ${declared.name} is not built`);
    tools.push(createDescribeLocation(spec, declared, (operationId) => handlerFor(handlers, operationId)));
  }
  const names = tools.map((tool) => tool.name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) throw new Error(`MCP: tool ${repeated} is declared twice in the spec`);
  return tools;
}
