import type { Handler, HandlerContext } from '../context.ts';
import { defaultPolicy } from '../envelope.ts';
import type { SpecDocument } from '../spec.ts';
import { compileArguments } from './arguments.ts';
import { type McpTool, type ToolDeclaration, toolDefinition } from './definition.ts';
import { callContext, createOperationRunner, type OperationRunner } from './operation.ts';
import { checkOutput } from './output-check.ts';
import { forAgent, toolOutputSchemas } from './output-schemas.ts';
import { renderText } from './render.ts';
import { dereference, type JsonSchema, mergeAllOf } from './schemas.ts';
import { toolErrorResult } from './tool-errors.ts';

// describe_location: what is recorded around a point, in one call, for agents. It runs the handlers of
// list_scenes_nearby, get_area_at, list_streets_nearby and get_coverage for the same point and radius (each with its
// own validation, as its REST route) and keeps the lists short: 5 scenes, 3 streets, 3 unnamed edges.

type Json = Record<string, unknown>;

interface Declared extends ToolDeclaration {
  inputSchema?: unknown;
  outputSchema?: unknown;
  /** How many of each list the summary keeps (`x-list-caps` of the composite in the spec). */
  'x-list-caps'?: { scenes?: number; streets?: number; unnamed_edges?: number };
}

type Caps = { scenes: number; streets: number; unnamed_edges: number };

function capsOf(declared: Declared): Caps {
  const caps = declared['x-list-caps'] ?? {};
  const { scenes, streets, unnamed_edges } = caps;
  if (!Number.isInteger(scenes) || !Number.isInteger(streets) || !Number.isInteger(unnamed_edges))
    throw new Error(`spec: ${declared.name} needs x-list-caps with integer scenes, streets and unnamed_edges`);
  return caps as Caps;
}

/** The largest radius list_streets_nearby accepts: the summary asks for no more. */
function streetsMaxRadiusOf(spec: SpecDocument): number {
  const operation = spec.operations.find((candidate) => candidate.operationId === 'list_streets_nearby');
  const maximum = operation?.parameters.find((parameter) => parameter.name === 'radius_m')?.schema.maximum;
  if (typeof maximum !== 'number') throw new Error('spec: list_streets_nearby radius_m needs a maximum');
  return maximum;
}

// A part of the composite is the handler's body without the envelope members it carries (`note`,
// `quality_policy`, `warnings`): the composite states those once, at its top.
function splitEnvelope(body: Json): { part: Json; note: string; policy: unknown } {
  const { note, quality_policy, warnings: _warnings, ...part } = body;
  return { part, note: typeof note === 'string' ? note : '', policy: quality_policy };
}

type Part = ReturnType<typeof splitEnvelope>;

function cut(body: Json, list: string, max: number): boolean {
  const items = body[list];
  if (!Array.isArray(items) || items.length <= max) return false;
  body[list] = items.slice(0, max);
  return true;
}

function withLimit(part: Json, limit: number): void {
  if (typeof part.query === 'object' && part.query !== null) part.query = { ...(part.query as Json), limit };
}

export function createDescribeLocation(
  spec: SpecDocument,
  declared: Declared,
  handlerOf: (operationId: string) => Handler,
): McpTool {
  const inputSchema = mergeAllOf(dereference(spec.document, declared.inputSchema) as JsonSchema);
  const { exact, advertised } = toolOutputSchemas(
    spec,
    declared.name,
    mergeAllOf(dereference(spec.document, declared.outputSchema, ['examples']) as JsonSchema),
  );
  const validate = compileArguments(inputSchema);
  const caps = capsOf(declared);
  const streetsMaxRadius = streetsMaxRadiusOf(spec);
  const runner = (operationId: string): OperationRunner =>
    createOperationRunner(spec, operationId, handlerOf(operationId));
  const scenes = runner('list_scenes_nearby');
  const area = runner('get_area_at');
  const streets = runner('list_streets_nearby');
  const coverage = runner('get_coverage');

  async function describe(args: Json, ctx: HandlerContext): Promise<Json> {
    const { lat, lon, radius_m, quality, generation } = validate(args) as Json & { radius_m: number };
    const policy = { quality, ...(generation === undefined ? {} : { generation }) };
    const run = (target: OperationRunner, targetArgs: Json) => target.run(targetArgs, callContext(ctx, targetArgs));
    const bodies = await Promise.all([
      run(scenes, { lat, lon, radius_m, limit: caps.scenes + 1, ...policy }),
      run(area, { lat, lon }),
      run(streets, { lat, lon, radius_m: Math.min(radius_m, streetsMaxRadius), limit: caps.streets + 1 }),
      run(coverage, { lat, lon, radius_m, ...policy }),
    ]);
    const [scenesPart, areaPart, streetsPart, coveragePart] = bodies.map(splitEnvelope) as [Part, Part, Part, Part];
    const capped = {
      scenes: cut(scenesPart.part, 'results', caps.scenes),
      streets: cut(streetsPart.part, 'streets', caps.streets),
      unnamed_edges: cut(streetsPart.part, 'unnamed_edges', caps.unnamed_edges),
    };
    scenesPart.part.count = (scenesPart.part.results as unknown[] | undefined)?.length ?? 0;
    withLimit(scenesPart.part, caps.scenes);
    withLimit(streetsPart.part, caps.streets);
    const notes = [scenesPart, areaPart, streetsPart, coveragePart].map(({ note }) => note).filter(Boolean);
    const summary = {
      query: { lat, lon, radius_m },
      snapshot: ctx.data.record.release_id,
      quality_policy: scenesPart.policy ?? coveragePart.policy ?? defaultPolicy,
      note: [...new Set(notes)].join(' '),
      attribution: ctx.data.manifest.license?.attribution ?? '',
      scenes: scenesPart.part,
      area: areaPart.part,
      streets: streetsPart.part,
      coverage: coveragePart.part,
      capped,
    };
    return forAgent(declared.name, summary, ctx.data.manifest.license);
  }

  return {
    name: declared.name,
    definition: toolDefinition(declared, inputSchema, advertised),
    call: async (args, ctx) => {
      const callCtx = callContext(ctx, args);
      try {
        const structured = await describe(args, callCtx);
        checkOutput(declared.name, exact, structured, callCtx);
        return {
          content: [{ type: 'text', text: renderText(declared.name, structured) }],
          structuredContent: structured,
        };
      } catch (thrown) {
        const onNotFound = 'The served release lacks a layer this summary needs; use coverage or changes_near instead.';
        return toolErrorResult(thrown, { inputSchema, onNotFound }, callCtx);
      }
    },
  };
}
